import type { ProColumns } from '@ant-design/pro-components';
import { PROJECT_PAGES as P, type TDeclaration } from '@shetuan/shared/projects';
import { Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useCan } from '../../../platform/auth/can';
import { statsApi } from '../api';
import { Screen } from '../applicant/Screen';
import { STATUS_COLORS, scoreText, timeText } from '../creator/flow-helpers';
import { useNumberParam, usePublishedProjects } from '../creator/ProjectPicker';
import { ToneTag } from './StatsParts';
import { StatsTable } from './StatsTable';

type Row = TDeclaration & Record<string, unknown>;

/** The statuses a submitted declaration can be in, as the filter names them. */
const STATUSES: { value: TDeclaration['status']; label: string }[] = [
  { value: 'in_review', label: '审核中' },
  { value: 'returned', label: '已退回' },
  { value: 'rejected', label: '未通过' },
  { value: 'withdrawn', label: '已撤回' },
  { value: 'decided', label: '已有结果' },
];

/**
 * /cumulativeDeclarationList (累计申报): every submitted declaration of the association across
 * its projects, newest first; by project (?projectId=) and status, searched by title or applicant.
 */
export default function CumulativePage() {
  const can = useCan();
  const projects = usePublishedProjects();
  const [projectId, setProjectId] = useNumberParam('projectId');
  const [status, setStatus] = useState<TDeclaration['status'] | undefined>(undefined);
  const params = useMemo(() => ({ projectId, status }), [projectId, status]);

  const columns: ProColumns<Row>[] = [
    { title: '项目', dataIndex: 'projectName', width: 200, ellipsis: true },
    {
      title: '申报名称',
      dataIndex: 'title',
      width: 220,
      render: (_, d) => <Typography.Text strong>{d.title}</Typography.Text>,
    },
    { title: '申报人', dataIndex: 'applicantName', width: 100 },
    { title: '推荐单位', dataIndex: 'unitName', width: 180, render: (_, d) => d.unitName || '—' },
    {
      title: '状态',
      dataIndex: 'statusText',
      width: 170,
      render: (_, d) => <ToneTag tone={STATUS_COLORS[d.status]}>{d.statusText}</ToneTag>,
    },
    { title: '得分', dataIndex: 'score', width: 80, render: (_, d) => scoreText(d.score) },
    { title: '等级', dataIndex: 'grade', width: 90, render: (_, d) => d.grade ?? '—' },
    { title: '提交时间', dataIndex: 'submittedAt', width: 150, render: (_, d) => timeText(d.submittedAt) },
  ];

  return (
    <Screen>
      <StatsTable
        title="累计申报"
        rowKey="id"
        load={statsApi.declarations}
        params={params}
        columns={columns}
        searchPlaceholder="申报名称或申报人"
        emptyText="暂无已提交的申报"
        exportJob={can(P.cumulative.export) ? (query) => statsApi.exportJob('declarations', query) : undefined}
        exportName="累计申报"
        toolbar={[
          <Select
            key="project"
            aria-label="项目"
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="全部项目"
            style={{ width: 240 }}
            loading={projects.isPending}
            notFoundContent="暂无项目"
            value={projects.data?.some((p) => p.id === projectId) ? projectId : undefined}
            onChange={(v: number | undefined) => setProjectId(v)}
            options={(projects.data ?? []).filter((p) => !p.isTemplate).map((p) => ({ value: p.id, label: p.name }))}
          />,
          <Select
            key="status"
            aria-label="状态"
            allowClear
            placeholder="全部状态"
            style={{ width: 130 }}
            value={status}
            onChange={(v: TDeclaration['status'] | undefined) => setStatus(v)}
            options={STATUSES}
          />,
        ]}
      />
    </Screen>
  );
}
