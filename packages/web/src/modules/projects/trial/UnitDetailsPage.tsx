import { FileTextOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { PROJECT_PAGES as P, type TDeclaration, type TUnitSummary } from '@shetuan/shared/projects';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Result, Row, Select, Space, Statistic, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCan } from '../../../platform/auth/can';
import { Chart } from '../../../platform/charts/Chart';
import { projectKeys, statsApi } from '../api';
import { fmtTime } from '../applicant/DeclarationParts';
import { Screen } from '../applicant/Screen';
import { STATUS_OPTIONS } from '../creator/flow-helpers';
import { ProjectPicker, useChosenProject, useNumberParam } from '../creator/ProjectPicker';
import { screensApi, type TUnitDeclarationRow, unitDeclarationsApi } from '../screens-api';
import { pieOption, ToneTag } from '../stats/StatsParts';
import { StatsTable } from '../stats/StatsTable';

type ListRow = TUnitDeclarationRow & Record<string, unknown>;

/** The unit's own view (初审人's 推荐情况); /trialUnitDetails is the operators' of any unit. */
export const OWN_PATH = '/jsTrialUnitDetails';

const ACT_TONES: Record<string, string> = { pass: 'success', return: 'warning', reject: 'error' };

/**
 * /trialUnitDetails (项目统计 › 初审单位详情) and /jsTrialUnitDetails (初审人 › 本单位推荐情况): one
 * unit's first trial in a project — its figures and quota, each declaration with the unit's last
 * decision, remark and who made it, and the way to its recommendation report. The same screen:
 * the operators choose the project and the unit; a first-trial account sees its own unit's.
 */
export default function UnitDetailsPage() {
  const own = useLocation().pathname === OWN_PATH;
  return <Screen>{own ? <OwnUnit /> : <AnyUnit />}</Screen>;
}

function AnyUnit() {
  const { projects, loading, chosen, setProjectId } = useChosenProject(
    (p) => !p.isTemplate && p.flow.some((s) => s.kind === 'first_trial'),
  );
  const [unitId, setUnitId] = useNumberParam('unitId');
  const units = useQuery({
    queryKey: [...projectKeys.project(chosen?.id ?? 0), 'trial-units', 'all'],
    queryFn: () => statsApi.units({ projectId: chosen?.id ?? 0, current: 1, pageSize: 100 }),
    enabled: chosen !== undefined,
  });
  const options = (units.data?.records ?? []).map((u) => ({ value: u.unitId, label: u.unitName || '—' }));
  const unit = unitId ?? options[0]?.value;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap size={24}>
          <ProjectPicker
            projects={projects}
            loading={loading}
            value={chosen?.id}
            onChange={(id) => {
              setProjectId(id);
              setUnitId(undefined);
            }}
          />
          <Space>
            <Typography.Text strong>推荐单位</Typography.Text>
            <Select
              aria-label="推荐单位"
              showSearch
              optionFilterProp="label"
              style={{ minWidth: 240 }}
              loading={units.isPending && chosen !== undefined}
              placeholder="请选择推荐单位"
              notFoundContent="暂无单位的申报"
              value={options.some((o) => o.value === unit) ? unit : undefined}
              onChange={(v: number) => setUnitId(v)}
              options={options}
            />
          </Space>
        </Space>
      </Card>
      {chosen && unit ? (
        <UnitDetails key={`${chosen.id}-${unit}`} projectId={chosen.id} unitId={unit} />
      ) : (
        <Card>
          <Empty description={loading || units.isPending ? '加载中…' : '暂无设置了单位推荐环节、且有单位申报的项目'} />
        </Card>
      )}
    </Space>
  );
}

function OwnUnit() {
  const projects = useQuery({ queryKey: [...projectKeys.all, 'own-projects'], queryFn: screensApi.ownProjects });
  const [projectId, setProjectId] = useNumberParam('projectId');
  const list = projects.data?.list ?? [];
  const chosen = list.find((p) => p.id === projectId) ?? list[0];
  if (projects.isError) return <Result status="warning" title={projects.error.message} />;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <Typography.Text strong>项目</Typography.Text>
          <Select
            aria-label="项目"
            style={{ minWidth: 320 }}
            loading={projects.isPending}
            placeholder="请选择项目"
            notFoundContent="本单位暂无申报"
            value={chosen?.id}
            onChange={(v: number) => setProjectId(v)}
            options={list.map((p) => ({ value: p.id, label: `${p.name}（${p.statusName}）` }))}
          />
        </Space>
      </Card>
      {chosen ? (
        <UnitDetails key={chosen.id} projectId={chosen.id} />
      ) : (
        <Card>
          <Empty description={projects.isPending ? '加载中…' : '本单位暂无申报'} />
        </Card>
      )}
    </Space>
  );
}

/** The figures, the chart and the list of one unit in one project; without unitId, the caller's unit. */
function UnitDetails({ projectId, unitId }: { projectId: number; unitId?: number }) {
  const navigate = useNavigate();
  const can = useCan();
  const own = unitId === undefined;
  const [status, setStatus] = useState<TDeclaration['status'] | undefined>(undefined);
  const summary = useQuery({
    queryKey: [...projectKeys.project(projectId), 'unit-summary', unitId ?? 'own'],
    queryFn: () => (own ? screensApi.ownSummary(projectId) : screensApi.unitSummary(projectId, unitId)),
  });
  const params = useMemo(() => ({ projectId, unitId, status }), [projectId, unitId, status]);
  const canExport = can(own ? P.firstTrialList.export : P.trialUnitDetails.export);
  const columns: ProColumns<ListRow>[] = [
    { title: '申报名称', dataIndex: 'title', width: 220 },
    { title: '申报人', dataIndex: 'applicantName', width: 100 },
    { title: '当前状态', dataIndex: 'statusText', width: 140 },
    { title: '提交时间', dataIndex: 'submittedAt', width: 150, render: (_, r) => fmtTime(r.submittedAt) },
    {
      title: '初审结果',
      dataIndex: 'trialActionName',
      width: 100,
      render: (_, r) => <ToneTag tone={ACT_TONES[r.trialAction ?? ''] ?? 'processing'}>{r.trialActionName}</ToneTag>,
    },
    { title: '初审意见', dataIndex: 'trialRemark', width: 220, render: (_, r) => r.trialRemark || '—' },
    { title: '初审人', dataIndex: 'trialActor', width: 100, render: (_, r) => r.trialActor || '—' },
    { title: '初审时间', dataIndex: 'trialAt', width: 150, render: (_, r) => fmtTime(r.trialAt) },
  ];
  const s = summary.data;
  const report = `/ini-rec-report-w?projectId=${projectId}${own ? '' : `&unitId=${unitId}`}`;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {summary.isError ? (
        <Card>
          <Result status="warning" title={summary.error.message} />
        </Card>
      ) : (
        <Summary summary={s} onReport={() => void navigate(report)} />
      )}
      <StatsTable
        title={s ? `${s.unitName}的申报` : '申报'}
        rowKey="id"
        load={unitDeclarationsApi.list}
        params={params}
        columns={columns}
        searchPlaceholder="申报名称或申报人"
        emptyText="暂无申报"
        exportJob={canExport ? unitDeclarationsApi.exportJob : undefined}
        exportName={s ? `${s.projectName}初审单位详情` : '初审单位详情'}
        toolbar={[
          <Select
            key="status"
            aria-label="申报状态"
            allowClear
            placeholder="全部状态"
            style={{ width: 130 }}
            value={status}
            onChange={(v: TDeclaration['status'] | undefined) => setStatus(v)}
            options={STATUS_OPTIONS.filter((o) => o.value !== 'withdrawn')}
          />,
        ]}
      />
    </Space>
  );
}

function Summary({ summary: s, onReport }: { summary: TUnitSummary | undefined; onReport: () => void }) {
  const figures = s
    ? [
        { label: '已推荐', count: s.passed },
        { label: '待推荐', count: s.pending },
        { label: '已退回', count: s.returned },
        { label: '未通过', count: s.rejected },
      ].filter((f) => f.count > 0)
    : [];
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <Card
          title={s ? `${s.unitName} · ${s.stageName}` : '推荐情况'}
          loading={!s}
          extra={
            <Button icon={<FileTextOutlined />} onClick={onReport}>
              推荐报告
            </Button>
          }
          style={{ height: '100%' }}
        >
          {s && (
            <Row gutter={[16, 16]}>
              <Col xs={12} md={8}>
                <Statistic title="申报数" value={s.declarations} />
              </Col>
              <Col xs={12} md={8}>
                <Statistic title="已推荐 / 名额" value={s.passed} suffix={s.quota > 0 ? `/ ${s.quota}` : '/ 不限'} />
              </Col>
              <Col xs={12} md={8}>
                <Statistic title="待推荐" value={s.pending} />
              </Col>
              <Col xs={12} md={8}>
                <Statistic title="已退回" value={s.returned} />
              </Col>
              <Col xs={12} md={8}>
                <Statistic title="未通过" value={s.rejected} />
              </Col>
              <Col xs={12} md={8}>
                <Statistic title="剩余名额" value={s.quota > 0 ? Math.max(0, s.quota - s.passed) : '不限'} />
              </Col>
            </Row>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card title="初审结果分布" loading={!s} style={{ height: '100%' }}>
          {figures.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无申报" />
          ) : (
            <Chart label="初审结果分布" height={220} option={pieOption(figures)} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
