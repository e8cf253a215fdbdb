import type { ProColumns } from '@ant-design/pro-components';
import { PROJECT_PAGES as P, type TProject, type TTrialUnitRow } from '@shetuan/shared/projects';
import { Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { feedback } from '../../../app/feedback';
import { useCan } from '../../../platform/auth/can';
import { LinkButton } from '../../../platform/components/LinkButton';
import { screensApi } from '../screens-api';
import { ProjectScreen, Ratio } from '../stats/StatsParts';
import { StatsTable } from '../stats/StatsTable';

type Row = TTrialUnitRow & Record<string, unknown>;

/**
 * /recommendReport (项目推荐 › 推荐报告): the recommending units of a project with what each
 * recommended; each unit's report opens as the printable page (/ini-rec-report-w) or downloads
 * as its .xlsx 推荐汇总表.
 */
export default function RecommendReportsPage() {
  return (
    <ProjectScreen accept={(p) => p.flow.some((s) => s.kind === 'first_trial')} empty="暂无设置了单位推荐环节的项目">
      {(project) => <Reports project={project} />}
    </ProjectScreen>
  );
}

function Reports({ project }: { project: TProject }) {
  const navigate = useNavigate();
  const can = useCan();
  const params = useMemo(() => ({ projectId: project.id }), [project.id]);
  const download = async (r: Row) => {
    await screensApi.downloadReport(project.id, r.unitId, `${project.name}-${r.unitName}推荐汇总表.xlsx`);
    void feedback.message.success('已下载');
  };
  const columns: ProColumns<Row>[] = [
    { title: '推荐单位', dataIndex: 'unitName', width: 220, render: (_, r) => r.unitName || '—' },
    { title: '申报数', dataIndex: 'declarations', width: 80, align: 'right' },
    {
      title: '已推荐 / 名额',
      dataIndex: 'passed',
      width: 200,
      render: (_, r) =>
        r.quota > 0 ? (
          <Ratio done={r.passed} total={r.quota} label={`${r.unitName}的推荐名额使用`} />
        ) : (
          <Typography.Text>{r.passed}（不限）</Typography.Text>
        ),
    },
    { title: '待推荐', dataIndex: 'pending', width: 80, align: 'right' },
    { title: '已退回', dataIndex: 'returned', width: 80, align: 'right' },
    { title: '未通过', dataIndex: 'rejected', width: 80, align: 'right' },
    {
      title: '操作',
      key: 'op',
      width: 180,
      render: (_, r) => (
        <Space size={12}>
          <LinkButton onClick={() => void navigate(`/ini-rec-report-w?projectId=${project.id}&unitId=${r.unitId}`)}>
            查看报告
          </LinkButton>
          <LinkButton onClick={() => void download(r)}>下载</LinkButton>
        </Space>
      ),
    },
  ];
  return (
    <StatsTable
      title="各单位推荐报告"
      rowKey="unitId"
      load={screensApi.reportUnits}
      params={params}
      columns={columns}
      searchPlaceholder="推荐单位名称"
      emptyText="暂无单位的申报"
      exportJob={can(P.recommendReport.export) ? screensApi.reportUnitsExportJob : undefined}
      exportName={`${project.name}初审单位`}
    />
  );
}
