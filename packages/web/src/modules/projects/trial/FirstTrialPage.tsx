import { useQuery } from '@tanstack/react-query';
import { Button, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { LinkButton } from '../../../platform/components/LinkButton';
import { projectsApi } from '../api';
import { fmtTime } from '../applicant/DeclarationParts';
import { CardLine, listKey, PagedList, useIsPhone } from '../applicant/PagedList';
import { Screen } from '../applicant/Screen';
import { ActModal, type TrialAction, type TrialRow } from './ActModal';
import { TrialDrawer } from './TrialDrawer';

/** 推荐名额: used of the quota, red when used up. */
function Quota({ row }: { row: TrialRow }) {
  if (row.quota === 0) return <Tag>不限</Tag>;
  return (
    <Tag color={row.used >= row.quota ? 'error' : 'blue'}>
      {row.used} / {row.quota}
    </Tag>
  );
}

/**
 * /projectFirstTrial 项目初审: the declarations waiting for the caller's unit, with the unit's
 * recommendation quota; 查看 (answers and timeline), 推荐, 退回修改 and 不通过 with the unit's 意见.
 * The server's refusal (a used-up quota) shows where the action was taken.
 */
function FirstTrialPageContent() {
  const phone = useIsPhone();
  const [projectId, setProjectId] = useState<number | undefined>();
  const [viewing, setViewing] = useState<TrialRow | null>(null);
  const [acting, setActing] = useState<{ row: TrialRow; action: TrialAction } | null>(null);
  // The projects with declarations waiting: the filter's choices.
  const waiting = useQuery({
    queryKey: listKey('trial-projects', {}),
    queryFn: () => projectsApi.trialDeclarations({ current: 1, pageSize: 100 }),
  });
  const projects = [...new Map((waiting.data?.records ?? []).map((r) => [r.projectId, r.projectName])).entries()];

  const act = (row: TrialRow, action: TrialAction) => setActing({ row, action });
  const actionButtons = (row: TrialRow, view = true): ReactNode[] => [
    ...(view
      ? [
          <LinkButton key="view" onClick={() => setViewing(row)}>
            查看
          </LinkButton>,
        ]
      : []),
    <LinkButton key="pass" onClick={() => act(row, 'pass')}>
      推荐
    </LinkButton>,
    <LinkButton key="return" onClick={() => act(row, 'return')}>
      退回修改
    </LinkButton>,
    <LinkButton key="reject" danger onClick={() => act(row, 'reject')}>
      不通过
    </LinkButton>,
  ];

  const columns: ColumnsType<TrialRow> = [
    {
      title: '申报名称',
      dataIndex: 'title',
      render: (_, r) => <LinkButton onClick={() => setViewing(r)}>{r.title}</LinkButton>,
    },
    { title: '申报项目', dataIndex: 'projectName' },
    { title: '申报人', dataIndex: 'applicantName' },
    { title: '提交次数', dataIndex: 'version', align: 'center', width: 90 },
    { title: '提交时间', dataIndex: 'submittedAt', render: (v: string | null) => fmtTime(v) },
    { title: '推荐名额（已用/总数）', key: 'quota', align: 'center', render: (_, r) => <Quota row={r} /> },
    {
      title: '操作',
      key: 'actions',
      fixed: phone ? undefined : 'right',
      render: (_, r) => <Space size={12}>{actionButtons(r)}</Space>,
    },
  ];

  const filter = (
    <Select
      aria-label="申报项目"
      placeholder="全部项目"
      allowClear
      value={projectId}
      onChange={(v: number | undefined) => setProjectId(v)}
      options={projects.map(([value, label]) => ({ value, label }))}
      style={{ width: phone ? '100%' : 240 }}
    />
  );

  return (
    <>
      <PagedList
        name="trial"
        title="待初审的申报"
        fetch={projectsApi.trialDeclarations}
        params={{ projectId }}
        filters={filter}
        rowKey={(r) => r.id}
        columns={columns}
        searchPlaceholder="申报名称或申报人"
        emptyText="暂无待初审的申报"
        cardTitle={(r) => r.title}
        card={(r) => (
          <>
            <CardLine label="申报项目">{r.projectName}</CardLine>
            <CardLine label="申 报 人">{r.applicantName}</CardLine>
            <CardLine label="提交时间">{fmtTime(r.submittedAt)}</CardLine>
            <CardLine label="推荐名额">
              <Quota row={r} />
            </CardLine>
          </>
        )}
        cardActions={(r) => actionButtons(r)}
      />
      <TrialDrawer
        id={viewing?.id ?? null}
        onClose={() => setViewing(null)}
        footer={
          viewing && (
            <Space wrap>
              <Button type="primary" onClick={() => act(viewing, 'pass')}>
                推荐
              </Button>
              <Button onClick={() => act(viewing, 'return')}>退回修改</Button>
              <Button danger onClick={() => act(viewing, 'reject')}>
                不通过
              </Button>
            </Space>
          )
        }
      />
      <ActModal target={acting} onClose={() => setActing(null)} onDone={() => setViewing(null)} />
    </>
  );
}

export default function FirstTrialPage() {
  return (
    <Screen>
      <FirstTrialPageContent />
    </Screen>
  );
}
