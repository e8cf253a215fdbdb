import type { ProColumns } from '@ant-design/pro-components';
import { PROJECT_PAGES as P, type TProject, type TTrialUnitRow } from '@shetuan/shared/projects';
import { useQuery } from '@tanstack/react-query';
import { Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useCan } from '../../../platform/auth/can';
import { Chart } from '../../../platform/charts/Chart';
import { projectKeys, statsApi } from '../api';
import { barsHeight, ChartCard, ProjectScreen, Ratio, stackedBarOption } from './StatsParts';
import { StatsTable } from './StatsTable';

type Row = TTrialUnitRow & Record<string, unknown>;

const CHART_UNITS = 10;

/**
 * /trialUnitList (初审单位): each recommending unit's declarations in a project's first trial —
 * waiting, recommended, returned, not passed — and the use of its recommendation quota.
 */
export default function TrialUnitsPage() {
  return (
    <ProjectScreen accept={(p) => p.flow.some((s) => s.kind === 'first_trial')} empty="暂无设置了单位推荐环节的项目">
      {(project) => <TrialUnits project={project} />}
    </ProjectScreen>
  );
}

function TrialUnits({ project }: { project: TProject }) {
  const can = useCan();
  const params = useMemo(() => ({ projectId: project.id }), [project.id]);
  // The units with most declarations (the list's first page, unsearched) for the chart.
  const top = useQuery({
    queryKey: [...projectKeys.project(project.id), 'trial-units', CHART_UNITS],
    queryFn: () => statsApi.units({ projectId: project.id, current: 1, pageSize: CHART_UNITS }),
  });
  const units = top.data?.records ?? [];

  const columns: ProColumns<Row>[] = [
    { title: '推荐单位', dataIndex: 'unitName', width: 220, ellipsis: true, render: (_, r) => r.unitName || '—' },
    { title: '申报数', dataIndex: 'declarations', width: 80, align: 'right' },
    { title: '待推荐', dataIndex: 'pending', width: 80, align: 'right' },
    { title: '已推荐', dataIndex: 'passed', width: 80, align: 'right' },
    { title: '已退回', dataIndex: 'returned', width: 80, align: 'right' },
    { title: '未通过', dataIndex: 'rejected', width: 80, align: 'right' },
    {
      title: '推荐名额',
      dataIndex: 'quota',
      width: 200,
      render: (_, r) =>
        r.quota > 0 ? (
          <Ratio done={r.passed} total={r.quota} label={`${r.unitName}的推荐名额使用`} />
        ) : (
          <Space size={8}>
            <Typography.Text>不限</Typography.Text>
            <Typography.Text type="secondary">已推荐 {r.passed}</Typography.Text>
          </Space>
        ),
    },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <ChartCard
        title={`申报最多的推荐单位（前${CHART_UNITS}）`}
        empty={top.isSuccess && units.length === 0}
        emptyText="暂无单位的申报"
      >
        <Chart
          label="各推荐单位的初审情况"
          height={barsHeight(units.length)}
          option={stackedBarOption(
            units.map((u) => u.unitName || '—'),
            [
              { name: '待推荐', data: units.map((u) => u.pending), color: '#faad14' },
              { name: '已推荐', data: units.map((u) => u.passed), color: '#52c41a' },
              { name: '已退回', data: units.map((u) => u.returned), color: '#1677ff' },
              { name: '未通过', data: units.map((u) => u.rejected), color: '#ff4d4f' },
            ],
          )}
        />
      </ChartCard>
      <StatsTable
        title="初审单位"
        rowKey="unitId"
        load={statsApi.units}
        params={params}
        columns={columns}
        searchPlaceholder="推荐单位名称"
        emptyText="暂无推荐单位的申报"
        exportJob={can(P.trialUnits.export) ? (query) => statsApi.exportJob('units', query) : undefined}
        exportName={`${project.name}初审单位`}
      />
    </Space>
  );
}
