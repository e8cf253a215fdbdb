import type { ProColumns } from '@ant-design/pro-components';
import {
  ELEMENT_TYPE_NAMES,
  ELEMENT_TYPES,
  type ElementType,
  OPERATION_PAGES as O,
  type TElementStatsRow,
} from '@shetuan/shared/projects';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Segmented, Space, Tag, Typography } from 'antd';
import type { EChartsOption } from 'echarts';
import { useMemo, useState } from 'react';
import { useCan } from '../../../platform/auth/can';
import { Chart } from '../../../platform/charts/Chart';
import { ListPage } from '../../../platform/components/ListPage';
import { barsHeight, ChartCard, pieOption } from '../stats/StatsParts';
import { opsApi, opsKeys, opsPaths } from './api';
import { InlineLink } from './InlineLink';

type StatsRow = TElementStatsRow & Record<string, unknown>;

/** Projects and submitted declarations of each value, side by side. */
function pairOption(rows: TElementStatsRow[]): EChartsOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 8, right: 24, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: {
      type: 'category',
      data: rows.map((r) => r.name),
      inverse: true,
      axisLabel: { width: 120, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        name: '项目',
        data: rows.map((r) => r.projects),
        barMaxWidth: 18,
        label: { show: true, position: 'right' },
      },
      {
        type: 'bar',
        name: '提交申报',
        data: rows.map((r) => r.submitted),
        barMaxWidth: 18,
        label: { show: true, position: 'right' },
      },
    ],
  };
}

/**
 * /projectElements (运营管理 › 项目要素): the projects and their declarations by 项目类别, 项目级别 and
 * 年度 — how many projects, submitted declarations, approvals and the approval rate of each value —
 * as charts and as a list with its export. The values are kept at 项目要素编辑; projects are
 * classified in the wizard and at 项目运营.
 */
export default function ElementsPage() {
  const can = useCan();
  const [type, setType] = useState<ElementType>('category');
  const figures = useQuery({ queryKey: opsKeys.figures(type), queryFn: async () => (await opsApi.figures(type)).rows });
  const rows = figures.data ?? [];
  const params = useMemo(() => ({ type }), [type]);
  const submitted = rows.filter((r) => r.submitted > 0);
  const columns: ProColumns<StatsRow>[] = [
    {
      title: ELEMENT_TYPE_NAMES[type],
      dataIndex: 'name',
      width: 200,
      render: (_, r) => (
        <Space size={4}>
          <Typography.Text strong={r.id !== 0} type={r.id === 0 ? 'secondary' : undefined}>
            {r.name}
          </Typography.Text>
          {!r.enabled && <Tag>已停用</Tag>}
        </Space>
      ),
    },
    { title: '项目数', dataIndex: 'projects', width: 100, align: 'right' },
    { title: '提交申报', dataIndex: 'submitted', width: 100, align: 'right' },
    { title: '立项', dataIndex: 'approved', width: 100, align: 'right' },
    {
      title: '立项率',
      dataIndex: 'approvalRate',
      width: 100,
      align: 'right',
      render: (_, r) => (r.approvalRate === null ? '—' : `${r.approvalRate}%`),
    },
  ];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap size={16}>
          <Segmented<ElementType>
            aria-label="要素类型"
            value={type}
            onChange={setType}
            options={ELEMENT_TYPES.map((t) => ({ value: t, label: ELEMENT_TYPE_NAMES[t] }))}
          />
          <Typography.Text type="secondary">
            要素的值在 <InlineLink to={O.elementsEditing.path}>项目要素编辑</InlineLink> 中维护，项目在项目向导或
            <InlineLink to={O.operations.path}>项目运营</InlineLink> 中归类。
          </Typography.Text>
        </Space>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <ChartCard title={`各${ELEMENT_TYPE_NAMES[type]}的项目与申报`} empty={rows.length === 0}>
            <Chart
              option={pairOption(rows)}
              height={barsHeight(rows.length * 1.6)}
              label={`各${ELEMENT_TYPE_NAMES[type]}的项目数与提交申报数`}
            />
          </ChartCard>
        </Col>
        <Col xs={24} lg={10}>
          <ChartCard title="提交申报的分布" empty={submitted.length === 0} emptyText="还没有提交的申报">
            <Chart
              option={pieOption(submitted.map((r) => ({ label: r.name, count: r.submitted })))}
              height={280}
              label={`提交申报按${ELEMENT_TYPE_NAMES[type]}的分布`}
            />
          </ChartCard>
        </Col>
      </Row>
      <ListPage<StatsRow>
        key={type}
        title={`按${ELEMENT_TYPE_NAMES[type]}统计`}
        rowKey="id"
        path={opsPaths.elementStats}
        params={params}
        columns={columns}
        searchPlaceholder={`${ELEMENT_TYPE_NAMES[type]}名称`}
        exportPath={can(O.elements.export) ? opsPaths.elementStatsExportJob : undefined}
        exportJobPath={can(O.elements.export) ? opsPaths.elementStatsExportJob : undefined}
        exportName={`项目要素统计（${ELEMENT_TYPE_NAMES[type]}）`}
      />
    </Space>
  );
}
