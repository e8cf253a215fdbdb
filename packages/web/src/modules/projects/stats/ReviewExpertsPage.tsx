import type { ProColumns } from '@ant-design/pro-components';
import { PROJECT_PAGES as P, type TProject, type TReviewExpertRow } from '@shetuan/shared/projects';
import { useQuery } from '@tanstack/react-query';
import { Space } from 'antd';
import { useMemo } from 'react';
import { useCan } from '../../../platform/auth/can';
import { Chart } from '../../../platform/charts/Chart';
import { projectKeys, statsApi } from '../api';
import { expertRounds, scoreText } from '../creator/flow-helpers';
import { barsHeight, ChartCard, ProjectScreen, Ratio, stackedBarOption } from './StatsParts';
import { StatsTable } from './StatsTable';

type Row = TReviewExpertRow & Record<string, unknown>;

const CHART_EXPERTS = 15;

/**
 * /reviewExperts (评审专家): each expert's load in a project's expert rounds — assigned,
 * submitted, the progress — and the mean total they gave.
 */
export default function ReviewExpertsPage() {
  return (
    <ProjectScreen accept={(p) => expertRounds(p.flow).length > 0} empty="暂无设置了专家评审环节的项目">
      {(project) => <ReviewExperts project={project} />}
    </ProjectScreen>
  );
}

function ReviewExperts({ project }: { project: TProject }) {
  const can = useCan();
  const params = useMemo(() => ({ projectId: project.id }), [project.id]);
  const scored = expertRounds(project.flow).some((r) => r.stage.mode === 'score');
  // The experts with most assignments (the list's first page, unsearched) for the chart.
  const top = useQuery({
    queryKey: [...projectKeys.project(project.id), 'review-experts', CHART_EXPERTS],
    queryFn: () => statsApi.experts({ projectId: project.id, current: 1, pageSize: CHART_EXPERTS }),
  });
  const experts = top.data?.records ?? [];

  const columns: ProColumns<Row>[] = [
    { title: '评审专家', dataIndex: 'name', width: 110 },
    { title: '所在单位', dataIndex: 'unitName', width: 200, ellipsis: true, render: (_, r) => r.unitName || '—' },
    { title: '分配数', dataIndex: 'assigned', width: 80, align: 'right' },
    { title: '已提交', dataIndex: 'submitted', width: 80, align: 'right' },
    {
      title: '进度',
      key: 'progress',
      width: 200,
      render: (_, r) => <Ratio done={r.submitted} total={r.assigned} label={`${r.name}的评审进度`} />,
    },
    ...(scored
      ? [
          {
            title: '平均分',
            dataIndex: 'average',
            width: 90,
            align: 'right',
            render: (_, r) => scoreText(r.average),
          } satisfies ProColumns<Row>,
        ]
      : []),
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <ChartCard
        title={`评审任务量（前${CHART_EXPERTS}位）`}
        empty={top.isSuccess && experts.length === 0}
        emptyText="尚未分配评审专家"
      >
        <Chart
          label="各评审专家的任务量与完成情况"
          height={barsHeight(experts.length)}
          option={stackedBarOption(
            experts.map((e) => e.name),
            [
              { name: '已提交', data: experts.map((e) => e.submitted), color: '#52c41a' },
              { name: '未提交', data: experts.map((e) => e.assigned - e.submitted), color: '#d9d9d9' },
            ],
          )}
        />
      </ChartCard>
      <StatsTable
        title="评审专家"
        rowKey="userId"
        load={statsApi.experts}
        params={params}
        columns={columns}
        searchPlaceholder="评审专家姓名"
        emptyText="尚未分配评审专家"
        exportJob={can(P.reviewExperts.export) ? (query) => statsApi.exportJob('experts', query) : undefined}
        exportName={`${project.name}评审专家`}
      />
    </Space>
  );
}
