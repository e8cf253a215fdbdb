import { ArrowLeftOutlined } from '@ant-design/icons';
import type { TPage } from '@shetuan/shared';
import type { TAssignment } from '@shetuan/shared/projects';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Result, Row, Skeleton, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LinkButton } from '../../../platform/components/LinkButton';
import { projectKeys, projectsApi } from '../api';
import { fmtTime } from '../applicant/DeclarationParts';
import { CardLine, type ListQuery, PagedList, useIsPhone } from '../applicant/PagedList';
import { Screen } from '../applicant/Screen';
import { ReviewForm } from './ReviewForm';
import { AssignmentDeclaration, ModeTag, SubmittedReview } from './ReviewParts';

type Mode = TAssignment['mode'];

const MODE_OF_PATH: Record<string, Mode | undefined> = { '/reviewScore': 'score', '/reviewApproval': 'approval' };

/** The pending reviews, of one mode on /reviewScore and /reviewApproval (the server filters). */
function pendingOf(mode: Mode | undefined, q: ListQuery): Promise<TPage<TAssignment>> {
  return projectsApi.assignments({ ...q, mode });
}

/** One review: the declaration beside the form (stacked on a phone); a submitted one read-only. */
function ReviewTask({ id, onBack }: { id: number; onBack: () => void }) {
  const phone = useIsPhone();
  const detail = useQuery({ queryKey: projectKeys.assignment(id), queryFn: () => projectsApi.assignment(id) });
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
      返回评审任务
    </Button>
  );
  if (detail.isError) return <Result status="warning" title={detail.error.message || '加载失败'} extra={back} />;
  if (!detail.data)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  const d = detail.data;
  const submitted = d.assignment.status === 1;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Card
          styles={{ header: { paddingBlock: 12 } }}
          title={<span style={{ whiteSpace: 'normal' }}>{d.assignment.title}</span>}
          extra={phone ? undefined : back}
        >
          <AssignmentDeclaration detail={d} />
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card
          title={submitted ? '我的评审（已提交）' : `评审：${d.assignment.stageName}`}
          style={phone ? undefined : { position: 'sticky', top: 72 }}
        >
          {submitted ? <SubmittedReview detail={d} /> : <ReviewForm detail={d} onDone={onBack} />}
        </Card>
        {phone && <div style={{ marginTop: 16 }}>{back}</div>}
      </Col>
    </Row>
  );
}

/**
 * /projectReview (every pending review), /reviewScore (scoring rounds) and /reviewApproval
 * (approval rounds): the reviewer's waiting reviews; ?id= opens one.
 */
function ReviewTasksPageContent() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const mode = MODE_OF_PATH[pathname];
  const open = (a: TAssignment) => void navigate(`${pathname}?id=${a.id}`);

  if (id) return <ReviewTask key={id} id={id} onBack={() => void navigate(pathname)} />;

  const columns: ColumnsType<TAssignment> = [
    {
      title: '申报名称',
      dataIndex: 'title',
      render: (_, a) => <LinkButton onClick={() => open(a)}>{a.title}</LinkButton>,
    },
    { title: '申报项目', dataIndex: 'projectName' },
    { title: '评审环节', dataIndex: 'stageName' },
    { title: '评审方式', dataIndex: 'mode', render: (m: Mode) => <ModeTag mode={m} /> },
    { title: '分配时间', dataIndex: 'assignedAt', render: (v: string) => fmtTime(v) },
    {
      title: '操作',
      key: 'actions',
      render: (_, a) => (
        <Button type="primary" size="small" onClick={() => open(a)}>
          {a.mode === 'score' ? '打分' : '审批'}
        </Button>
      ),
    },
  ];
  const title = mode === 'score' ? '待打分的评审' : mode === 'approval' ? '待审批的评审' : '待我评审';
  return (
    <PagedList
      name={`review-pending-${mode ?? 'all'}`}
      title={title}
      fetch={(q) => pendingOf(mode, q)}
      rowKey={(a) => a.id}
      columns={columns}
      searchPlaceholder="申报名称或项目名称"
      emptyText="暂无待评审的申报"
      cardTitle={(a) => a.title}
      card={(a) => (
        <>
          <CardLine label="申报项目">{a.projectName}</CardLine>
          <CardLine label="评审环节">
            <Space size={8}>
              {a.stageName}
              <ModeTag mode={a.mode} />
            </Space>
          </CardLine>
          <CardLine label="分配时间">{fmtTime(a.assignedAt)}</CardLine>
        </>
      )}
      cardActions={(a) => [
        <LinkButton key="open" onClick={() => open(a)}>
          {a.mode === 'score' ? '打分' : '审批'}
        </LinkButton>,
      ]}
    />
  );
}

export default function ReviewTasksPage() {
  return (
    <Screen>
      <ReviewTasksPageContent />
    </Screen>
  );
}
