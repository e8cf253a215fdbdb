import { CalendarOutlined, FormOutlined } from '@ant-design/icons';
import type { TDeclaration, TOpenProject } from '@shetuan/shared/projects';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Row, Skeleton, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LinkButton } from '../../../platform/components/LinkButton';
import { RichTextView } from '../../../platform/richtext/RichTextView';
import { projectKeys, projectsApi } from '../api';
import { declarationActions } from './DeclarationActions';
import { DeclarationStatusTag, fmtTime } from './DeclarationParts';
import { CardLine, PagedList, useIsPhone } from './PagedList';
import { Screen } from './Screen';
import { useApplicantActions } from './useApplicantActions';

const fmtDay = (iso: string | null) => (iso ? fmtTime(iso) : null);

/** 申报时间 of an open project: from – to, either end open. */
function period(p: TOpenProject): string {
  const from = fmtDay(p.openAt);
  const to = fmtDay(p.closeAt);
  if (from && to) return `${from} 至 ${to}`;
  if (to) return `即日起至 ${to}`;
  if (from) return `${from} 起`;
  return '不限';
}

/** The project's introduction: cleaned rich text, folded to a few lines until asked for. */
function Introduction({ html }: { html: string }) {
  const [open, setOpen] = useState(false);
  const long = html.length > 160;
  return (
    <div>
      <div style={open || !long ? undefined : { maxHeight: 88, overflow: 'hidden' }}>
        <RichTextView html={html} />
      </div>
      {long && (
        <LinkButton onClick={() => setOpen((v) => !v)} aria-expanded={open}>
          {open ? '收起' : '展开全部'}
        </LinkButton>
      )}
    </div>
  );
}

function OpenProjects() {
  const navigate = useNavigate();
  const phone = useIsPhone();
  const open = useQuery({ queryKey: projectKeys.open(), queryFn: projectsApi.open });
  let body: ReactNode;
  if (open.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (open.isError) body = <Alert type="error" showIcon message={open.error.message || '加载失败'} />;
  else if (open.data.list.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无可申报的项目" />;
  else
    body = (
      <Row gutter={[16, 16]}>
        {open.data.list.map((p) => (
          <Col key={p.id} xs={24} lg={12} xxl={8}>
            <Card
              size="small"
              title={
                <Typography.Text strong style={{ whiteSpace: 'normal' }}>
                  {p.name}
                </Typography.Text>
              }
              styles={{ header: { paddingBlock: 8 } }}
              style={{ height: '100%' }}
            >
              <Space direction="vertical" size={8} style={{ width: '100%' }}>
                <Introduction html={p.description} />
                <div>
                  <CalendarOutlined aria-hidden style={{ marginInlineEnd: 6 }} />
                  申报时间：{period(p)}
                </div>
                <Space size={[8, 4]} wrap>
                  {p.needsUnit && <Tag color="blue">需单位推荐</Tag>}
                  {p.mine > 0 && <Tag>已申报 {p.mine} 项</Tag>}
                </Space>
                {p.blocked && <Alert type="warning" showIcon message={p.blocked} />}
                <Button
                  type="primary"
                  icon={<FormOutlined />}
                  disabled={Boolean(p.blocked)}
                  onClick={() => void navigate(`/projectDeclare?projectId=${p.id}`)}
                >
                  立即申报
                </Button>
              </Space>
            </Card>
          </Col>
        ))}
      </Row>
    );
  return (
    <Card title="可申报的项目" style={{ marginBottom: 16 }} styles={{ body: phone ? { padding: 12 } : undefined }}>
      {body}
    </Card>
  );
}

/**
 * /DeclareList 我的申报: the projects open to the applicant (立即申报, or why not) and the
 * applicant's declarations in progress (?declare= opens a call's declaration: the public pages' 申报), with what each status allows: 继续填写 / 修改, 提交, 撤回
 * (before the first stage acts), 删除 (drafts), 查看.
 */
function DeclareListPageContent() {
  const navigate = useNavigate();
  // ?declare= (the login from a public call, /projectLogin): that call's declaration opens.
  const [search] = useSearchParams();
  const declare = Number(search.get('declare')) || 0;
  useEffect(() => {
    if (declare) void navigate(`/projectDeclare?projectId=${declare}`, { replace: true });
  }, [declare, navigate]);
  const phone = useIsPhone();
  const actions = useApplicantActions();

  const rowActions = (d: TDeclaration): ReactNode[] => {
    const out = declarationActions(d, {
      actions,
      edit: () => void navigate(`/projectDeclare?id=${d.id}`),
      links: true,
      withDelete: true,
    });
    out.push(
      <LinkButton key="view" onClick={() => void navigate(`/projectDeclareDetail?id=${d.id}`)}>
        查看
      </LinkButton>,
    );
    return out;
  };

  const columns: ColumnsType<TDeclaration> = [
    {
      title: '申报名称',
      dataIndex: 'title',
      render: (_, d) => (
        <LinkButton onClick={() => void navigate(`/projectDeclareDetail?id=${d.id}`)}>{d.title}</LinkButton>
      ),
    },
    { title: '申报项目', dataIndex: 'projectName' },
    { title: '推荐单位', dataIndex: 'unitName', render: (v: string) => v || '—' },
    { title: '状态', dataIndex: 'statusText', render: (_, d) => <DeclarationStatusTag d={d} /> },
    { title: '提交次数', dataIndex: 'version', align: 'center' },
    { title: '最近提交', dataIndex: 'submittedAt', render: (v: string | null) => fmtTime(v) },
    {
      title: '操作',
      key: 'actions',
      fixed: phone ? undefined : 'right',
      render: (_, d) => (
        <Space size={12} wrap>
          {rowActions(d)}
        </Space>
      ),
    },
  ];

  return (
    <div>
      <OpenProjects />
      <PagedList
        name="my-declarations"
        title="我的申报"
        fetch={projectsApi.myDeclarations}
        rowKey={(d) => d.id}
        columns={columns}
        searchPlaceholder="申报名称"
        emptyText="还没有申报，请从上方选择项目开始申报"
        cardTitle={(d) => d.title}
        card={(d) => (
          <>
            <CardLine label="申报项目">{d.projectName}</CardLine>
            <CardLine label="推荐单位">{d.unitName || '—'}</CardLine>
            <CardLine label="状　　态">
              <DeclarationStatusTag d={d} />
            </CardLine>
            <CardLine label="更新时间">{fmtTime(d.updatedAt)}</CardLine>
          </>
        )}
        cardActions={rowActions}
      />
    </div>
  );
}

export default function DeclareListPage() {
  return (
    <Screen>
      <DeclareListPageContent />
    </Screen>
  );
}
