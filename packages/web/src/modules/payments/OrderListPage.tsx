import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { ORDER_STATUS_NAMES, PAY_KIND_NAMES, PAY_KINDS, type TOrder, type TOrderScope } from '@shetuan/shared/payments';
import { Button, Card, Col, Form, Row, Select, Space, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../platform/auth/can';
import { DateRangeFilter } from '../../platform/components/DateRangeFilter';
import { LinkButton } from '../../platform/components/LinkButton';
import { ListPage } from '../../platform/components/ListPage';
import { ordersApi } from './api';
import {
  detailUrl,
  filterParams,
  mineActions,
  money,
  type OrderFilters,
  SCOPE_PAGES,
  shellUrl,
  timeText,
} from './helpers';
import { OrderStats } from './OrderStats';
import { CancelOrderAction, OrderStatusTag, useIsPhone } from './parts';
import { PayeeFilter, usePayee } from './payee';

type OrderRow = TOrder & Record<string, unknown>;

const STATUS_OPTIONS = Object.entries(ORDER_STATUS_NAMES).map(([value, label]) => ({ value: Number(value), label }));
const METHOD_OPTIONS = PAY_KINDS.map((k) => ({ value: k, label: PAY_KIND_NAMES[k] }));

/**
 * The filters beyond the keyword: 状态, 支付方式 and 下单日期. They reach the list as its fixed
 * parameters, so the export takes them too. A phone picks the two dates apart (the range picker's
 * two months do not fit 390 px).
 */
function Filters({
  value,
  onChange,
  payees,
}: {
  value: OrderFilters;
  onChange: (f: OrderFilters) => void;
  payees: boolean;
}) {
  const phone = useIsPhone();
  const set = (patch: Partial<OrderFilters>) => onChange({ ...value, ...patch });
  const any = Object.keys(filterParams(value)).length > 0;
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
              id="order-filter-payee"
              value={value.payee}
              onChange={(payee) => set({ payee })}
              itemStyle={item}
            />
          )}
          <Col xs={24} md={12} xl={5}>
            <Form.Item label="状态" htmlFor="order-filter-status" {...item}>
              <Select
                id="order-filter-status"
                allowClear
                placeholder="全部状态"
                options={STATUS_OPTIONS}
                value={value.status ?? null}
                onChange={(v: number | null | undefined) => set({ status: typeof v === 'number' ? v : undefined })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={5}>
            <Form.Item label="支付方式" htmlFor="order-filter-method" {...item}>
              <Select
                id="order-filter-method"
                allowClear
                placeholder="全部方式"
                options={METHOD_OPTIONS}
                value={value.method ?? null}
                onChange={(v: OrderFilters['method'] | null | undefined) => set({ method: v ?? undefined })}
              />
            </Form.Item>
          </Col>
          <DateRangeFilter id="order-filter" label="下单日期" phone={phone} value={value} onChange={set} />
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
 * The three order lists in one: 我的订单 (the payer's own: 去支付, 上传凭证, 取消), 收款订单 (paid to
 * the society) and 订单管理 (every order of the tenant). Keyword (订单号、标题、付款人), 状态, 支付方式,
 * 下单日期, paging, 导出 with its progress; 详情 opens the order.
 */
export function OrderList({ scope }: { scope: TOrderScope }) {
  const page = SCOPE_PAGES[scope];
  const can = useCan();
  const phone = useIsPhone();
  const navigate = useNavigate();
  const table = useRef<ActionType | undefined>(undefined);
  const [filters, setFilters] = useState<OrderFilters>({});
  // The figures above 收款订单 and 订单运营 follow the list's keyword as well as its filters.
  const [keyword, setKeyword] = useState('');
  // Memoised: the list reloads when the filters change.
  const params = useMemo(() => filterParams(filters), [filters]);
  const mine = scope === 'mine';
  const reload = () => void table.current?.reload();
  // 订单运营 of the tenant's operators: every payee, with a filter; an organisation sees its own.
  const payee = usePayee();
  const payees = scope === 'operation' && payee?.operator === true;

  const actions = (o: TOrder) => {
    const a = mine ? mineActions(o) : { pay: false, voucher: false, cancel: false };
    return (
      <Space size={12} wrap>
        <Link to={detailUrl(scope, o.id)} aria-label={`详情：${o.orderNo}`}>
          详情
        </Link>
        {a.pay && (
          <LinkButton aria-label={`去支付：${o.orderNo}`} onClick={() => void navigate(shellUrl('pay', o.id))}>
            去支付
          </LinkButton>
        )}
        {a.voucher && (
          <LinkButton aria-label={`上传凭证：${o.orderNo}`} onClick={() => void navigate(shellUrl('voucher', o.id))}>
            上传凭证
          </LinkButton>
        )}
        {a.cancel && <CancelOrderAction orderId={o.id} orderNo={o.orderNo} onDone={reload} />}
      </Space>
    );
  };

  const columns: ProColumns<OrderRow>[] = [
    {
      title: '订单号',
      dataIndex: 'orderNo',
      width: 180,
      render: (_, o) => <Link to={detailUrl(scope, o.id)}>{o.orderNo}</Link>,
    },
    { title: '标题', dataIndex: 'title', width: 200 },
    mine
      ? { title: '收款方', dataIndex: 'payeeName', width: 150 }
      : {
          title: '付款人',
          dataIndex: 'payerName',
          width: 130,
          render: (_, o) => (
            <div>
              <div>{o.payerName || '—'}</div>
              {o.payerMobile && <Typography.Text type="secondary">{o.payerMobile}</Typography.Text>}
            </div>
          ),
        },
    ...(payees ? [{ title: '收款方', dataIndex: 'payeeName', width: 140 } satisfies ProColumns<OrderRow>] : []),
    { title: '金额（元）', dataIndex: 'amountFen', width: 110, align: 'right', render: (_, o) => money(o.amountFen) },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (_, o) => <OrderStatusTag status={o.status} name={o.statusName} />,
    },
    { title: '支付方式', dataIndex: 'methodName', width: 100, render: (_, o) => o.methodName || '—' },
    { title: '下单时间', dataIndex: 'createdAt', width: 140, render: (_, o) => timeText(o.createdAt) },
    { title: '支付时间', dataIndex: 'paidAt', width: 140, render: (_, o) => timeText(o.paidAt) },
    {
      title: '操作',
      valueType: 'option',
      // Not pinned: the list has no horizontal scroll, its columns share the width.
      width: mine ? 200 : 60,
      render: (_, o) => actions(o),
    },
  ];
  // Phones: one column that reads like a card (the list's table has no horizontal scroll).
  const compact: ProColumns<OrderRow>[] = [
    {
      title: '订单',
      dataIndex: 'orderNo',
      render: (_, o) => (
        <Space direction="vertical" size={2} style={{ width: '100%' }}>
          <Link to={detailUrl(scope, o.id)} style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {o.title}
          </Link>
          <Space size={8} wrap>
            <OrderStatusTag status={o.status} name={o.statusName} />
            <Typography.Text strong>{money(o.amountFen)}</Typography.Text>
            {o.methodName && <span>{o.methodName}</span>}
          </Space>
          <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
            {o.orderNo} · {mine ? o.payeeName : o.payerName}
            {payees ? ` → ${o.payeeName}` : ''} · {timeText(o.createdAt)}
          </Typography.Text>
          {actions(o)}
        </Space>
      ),
    },
  ];
  const exportable = can(page.export);
  return (
    <>
      <Filters value={filters} onChange={setFilters} payees={payees} />
      {!mine && <OrderStats scope={scope} filters={filters} keyword={keyword} />}
      <ListPage<OrderRow>
        title={page.name}
        rowKey="id"
        path={ordersApi.listPath(scope)}
        actionRef={table}
        params={params}
        columns={phone ? compact : columns}
        searchPlaceholder="订单号、标题、付款人"
        onKeywordChange={setKeyword}
        exportPath={exportable ? ordersApi.exportPath(scope) : undefined}
        exportJobPath={exportable ? ordersApi.exportPath(scope) : undefined}
        exportName={page.name}
      />
    </>
  );
}

/** /orderPayment 我的订单. */
export function MineOrdersPage() {
  return <OrderList scope="mine" />;
}
/** /orderCollection 收款订单. */
export function CollectionOrdersPage() {
  return <OrderList scope="collection" />;
}
/** /orderOperation 订单管理. */
export function OperationOrdersPage() {
  return <OrderList scope="operation" />;
}
