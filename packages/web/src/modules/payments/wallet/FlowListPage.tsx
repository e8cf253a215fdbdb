import type { ActionType, ProColumns } from '@ant-design/pro-components';
import type { TFlow, TFlowScope } from '@shetuan/shared/payments';
import { Button, Card, Col, Form, Row, Select, Space, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../../platform/auth/can';
import { DateRangeFilter } from '../../../platform/components/DateRangeFilter';
import { ListPage } from '../../../platform/components/ListPage';
import { detailUrl, money, timeText } from '../helpers';
import { useIsPhone } from '../parts';
import { PayeeFilter, usePayee } from '../payee';
import { walletApi } from './api';
import { ACCOUNT_OPTIONS, directionTone, FLOW_PAGES, type FlowFilters, flowParams } from './helpers';

type FlowRow = TFlow & Record<string, unknown>;

/** 收入 or 支出 as a tag. */
function DirectionTag({ direction }: { direction: string }) {
  return (
    <Tag color={directionTone(direction)} style={{ marginInlineEnd: 0 }}>
      {direction}
    </Tag>
  );
}

/** The order a line belongs to, linked to its detail (收款订单's view from 支付流水, else 订单运营's). */
function OrderLink({ flow, scope }: { flow: TFlow; scope: TFlowScope }) {
  if (!flow.orderId || !flow.orderNo) return <>—</>;
  return (
    <Link
      to={detailUrl(scope === 'payee' ? 'collection' : 'operation', flow.orderId)}
      style={{ overflowWrap: 'anywhere' }}
    >
      {flow.orderNo}
    </Link>
  );
}

/**
 * The filters beyond the keyword: 记账日期 and (运营流水) 账户. A phone picks the two dates apart
 * (the range picker's two months do not fit 390 px).
 */
function Filters({
  value,
  onChange,
  accounts,
  payees,
}: {
  value: FlowFilters;
  onChange: (f: FlowFilters) => void;
  accounts: boolean;
  payees: boolean;
}) {
  const phone = useIsPhone();
  const set = (patch: Partial<FlowFilters>) => onChange({ ...value, ...patch });
  const any = Object.keys(flowParams(value)).length > 0;
  const item = { style: { marginBottom: phone ? 12 : 16 } };
  return (
    <Card size="small" style={{ marginBottom: 16 }} styles={{ body: { paddingBottom: 0 } }}>
      <Form
        layout={phone ? 'vertical' : 'horizontal'}
        labelCol={phone ? undefined : { flex: '72px' }}
        wrapperCol={phone ? undefined : { flex: 'auto' }}
      >
        <Row gutter={16}>
          {payees && (
            <PayeeFilter
              id="flow-filter-payee"
              value={value.payee}
              onChange={(payee) => set({ payee })}
              itemStyle={item}
            />
          )}
          {accounts && (
            <Col xs={24} md={12} xl={6}>
              <Form.Item label="账户" htmlFor="flow-filter-account" {...item}>
                <Select
                  id="flow-filter-account"
                  allowClear
                  placeholder="全部账户"
                  options={ACCOUNT_OPTIONS}
                  value={value.account ?? null}
                  onChange={(v: string | null | undefined) => set({ account: v ?? undefined })}
                />
              </Form.Item>
            </Col>
          )}
          <DateRangeFilter id="flow-filter" label="日期" phone={phone} value={value} onChange={set} />
          <Col xs={24} md={12} xl={4}>
            <Form.Item {...item}>
              <Button disabled={!any} onClick={() => onChange({})}>
                清空筛选
              </Button>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}

/**
 * 支付流水 (the society's payee account: 收入 a payment, 支出 a refund) and 运营流水 (every ledger
 * line, both sides of each movement, filterable by account) in one list. Keyword (订单号、订单标题),
 * dates, paging, 导出 with its progress. Amounts show unsigned; the tag says which way.
 */
export function FlowList({ scope }: { scope: TFlowScope }) {
  const page = FLOW_PAGES[scope];
  const can = useCan();
  const phone = useIsPhone();
  const table = useRef<ActionType | undefined>(undefined);
  const [filters, setFilters] = useState<FlowFilters>({});
  const operator = scope === 'operator';
  const isOperator = usePayee()?.operator === true;
  const payees = operator && isOperator;
  // Memoised: the list reloads when the filters change.
  const params = useMemo(() => flowParams(filters), [filters]);

  const columns: ProColumns<FlowRow>[] = [
    { title: '时间', dataIndex: 'at', width: 140, render: (_, f) => timeText(f.at) },
    { title: '账户', dataIndex: 'accountName', width: 130 },
    {
      title: '收入/支出',
      dataIndex: 'direction',
      width: 90,
      render: (_, f) => <DirectionTag direction={f.direction} />,
    },
    {
      title: '金额（元）',
      dataIndex: 'amountFen',
      width: 110,
      align: 'right',
      render: (_, f) => money(Math.abs(f.amountFen)),
    },
    { title: '订单号', dataIndex: 'orderNo', width: 180, render: (_, f) => <OrderLink flow={f} scope={scope} /> },
    { title: '订单标题', dataIndex: 'orderTitle', width: 180, render: (_, f) => f.orderTitle || '—' },
    { title: '摘要', dataIndex: 'memo', width: 200, render: (_, f) => f.memo || '—' },
  ];
  // Phones: one column that reads like a card (the list's table has no horizontal scroll).
  const compact: ProColumns<FlowRow>[] = [
    {
      title: '流水',
      dataIndex: 'at',
      render: (_, f) => (
        <Space direction="vertical" size={2} style={{ width: '100%' }}>
          <Space size={8} wrap>
            <DirectionTag direction={f.direction} />
            <Typography.Text strong>{money(Math.abs(f.amountFen))}</Typography.Text>
            {operator && <span>{f.accountName}</span>}
          </Space>
          {f.orderTitle && <span style={{ overflowWrap: 'anywhere' }}>{f.orderTitle}</span>}
          <OrderLink flow={f} scope={scope} />
          <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
            {timeText(f.at)}
            {f.memo ? ` · ${f.memo}` : ''}
          </Typography.Text>
        </Space>
      ),
    },
  ];
  const exportable = can(page.export);
  return (
    <>
      <Filters value={filters} onChange={setFilters} accounts={operator} payees={payees} />
      <ListPage<FlowRow>
        title={page.name}
        rowKey="id"
        path={walletApi.listPath(scope)}
        actionRef={table}
        params={params}
        columns={phone ? compact : columns}
        searchPlaceholder="订单号、订单标题"
        exportPath={exportable ? walletApi.exportPath(scope) : undefined}
        exportJobPath={exportable ? walletApi.exportPath(scope) : undefined}
        exportName={page.name}
      />
    </>
  );
}

/** /paymentFlowList 支付流水. */
export function PayeeFlowsPage() {
  return <FlowList scope="payee" />;
}
/** /operationFlowList 运营流水. */
export function OperatorFlowsPage() {
  return <FlowList scope="operator" />;
}
