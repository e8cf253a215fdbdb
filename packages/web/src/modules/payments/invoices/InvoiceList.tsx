import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { INVOICE_STATUS_NAMES, PAYMENT_PAGES, type TInvoice, type TInvoiceScope } from '@shetuan/shared/payments';
import { Button, Card, Col, Form, Row, Select, Space, Typography } from 'antd';
import { type ReactNode, type Ref, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../../platform/auth/can';
import { LinkButton } from '../../../platform/components/LinkButton';
import { ListPage } from '../../../platform/components/ListPage';
import { money, timeText } from '../helpers';
import { CardLine, useIsPhone } from '../parts';
import { invoiceExportPath, invoiceListPath } from './api';
import { invoiceDetailUrl } from './helpers';
import { DownloadInvoice, InvoiceStatusTag } from './parts';

export type InvoiceRow = TInvoice & Record<string, unknown>;

const STATUS_OPTIONS = Object.entries(INVOICE_STATUS_NAMES).map(([value, label]) => ({ value: Number(value), label }));
const SCOPE_PAGES = {
  mine: PAYMENT_PAGES.invoiceApply,
  issue: PAYMENT_PAGES.invoiceIssue,
  operation: PAYMENT_PAGES.invoiceOperation,
} as const;

/** The status filter above the list; it reaches the list (and its export) as a fixed parameter. */
function StatusFilter({ value, onChange }: { value: number | undefined; onChange: (v: number | undefined) => void }) {
  const phone = useIsPhone();
  return (
    <Card size="small" style={{ marginBottom: 16 }} styles={{ body: { paddingBottom: 0 } }}>
      <Form layout={phone ? 'vertical' : 'horizontal'}>
        <Row gutter={16}>
          <Col xs={24} md={12} xl={6}>
            <Form.Item label="状态" htmlFor="invoice-filter-status" style={{ marginBottom: phone ? 12 : 16 }}>
              <Select
                id="invoice-filter-status"
                allowClear
                placeholder="全部状态"
                options={STATUS_OPTIONS}
                value={value ?? null}
                onChange={(v: number | null | undefined) => onChange(typeof v === 'number' ? v : undefined)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={4}>
            <Form.Item style={{ marginBottom: phone ? 12 : 16 }}>
              <Button disabled={value === undefined} onClick={() => onChange(undefined)}>
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
 * The invoice lists: 我的发票 (the payer's applications), 开票管理 (applications for orders paid
 * to the society) and 开票运营 (every application of the tenant). Keyword (抬头、发票号码、订单号、
 * 订单标题、付款人), 状态, paging, 导出 with its progress; the title opens the drawer, 详情 the
 * application's own page; `actions` adds the page's own row actions.
 */
export function InvoiceList({
  scope,
  table,
  toolbar,
  onOpen,
  actions,
}: {
  scope: TInvoiceScope;
  table: Ref<ActionType | undefined>;
  toolbar?: ReactNode[];
  onOpen: (invoice: TInvoice) => void;
  actions?: (invoice: TInvoice) => ReactNode;
}) {
  const page = SCOPE_PAGES[scope];
  const can = useCan();
  const phone = useIsPhone();
  const [status, setStatus] = useState<number | undefined>(undefined);
  // Memoised: the list reloads when the filter changes.
  const params = useMemo(() => (status === undefined ? {} : { status }), [status]);
  const mine = scope === 'mine';

  const rowActions = (r: TInvoice) => (
    <Space size={12} wrap>
      <Link to={invoiceDetailUrl(scope, r.id)} aria-label={`详情：${r.title}`}>
        详情
      </Link>
      {r.fileId !== null && <DownloadInvoice invoice={r} />}
      {actions?.(r)}
    </Space>
  );
  const statusCell = (r: TInvoice) => (
    <Space direction="vertical" size={2}>
      <InvoiceStatusTag status={r.status} name={r.statusName} />
      {r.reason && (
        <Typography.Text type="danger" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
          {r.reason}
        </Typography.Text>
      )}
    </Space>
  );

  const columns: ProColumns<InvoiceRow>[] = [
    {
      title: '发票抬头',
      dataIndex: 'title',
      width: 200,
      render: (_, r) => (
        <div style={{ overflowWrap: 'anywhere' }}>
          <LinkButton
            onClick={() => onOpen(r)}
            style={{ paddingInline: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
          >
            {r.title}
          </LinkButton>
          <div>
            <Typography.Text type="secondary">
              {r.titleTypeName}
              {r.taxNo ? ` · ${r.taxNo}` : ''}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    {
      title: '订单',
      dataIndex: 'orderNo',
      width: 200,
      render: (_, r) => (
        <div style={{ overflowWrap: 'anywhere' }}>
          <div>{r.orderTitle}</div>
          <Typography.Text type="secondary">{r.orderNo}</Typography.Text>
        </div>
      ),
    },
    ...(mine
      ? []
      : [
          {
            title: '付款人',
            dataIndex: 'payerName',
            width: 120,
            render: (_: unknown, r: InvoiceRow) => (
              <div>
                <div>{r.payerName || '—'}</div>
                {r.payerMobile && <Typography.Text type="secondary">{r.payerMobile}</Typography.Text>}
              </div>
            ),
          } satisfies ProColumns<InvoiceRow>,
        ]),
    { title: '发票类型', dataIndex: 'invoiceTypeName', width: 90 },
    { title: '开票金额', dataIndex: 'amountFen', width: 110, align: 'right', render: (_, r) => money(r.amountFen) },
    { title: '状态', dataIndex: 'status', width: 140, render: (_, r) => statusCell(r) },
    { title: '发票号码', dataIndex: 'invoiceNo', width: 170, render: (_, r) => r.invoiceNo || '—' },
    { title: '申请时间', dataIndex: 'appliedAt', width: 140, render: (_, r) => timeText(r.appliedAt) },
    { title: '操作', valueType: 'option', width: mine ? 130 : 150, render: (_, r) => rowActions(r) },
  ];
  // Phones: one column that reads like a card (members open 我的发票 on phones).
  const compact: ProColumns<InvoiceRow>[] = [
    {
      title: '发票',
      dataIndex: 'title',
      render: (_, r) => (
        <Space direction="vertical" size={2} style={{ width: '100%' }}>
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
            {r.title}
          </Typography.Text>
          <Space size={8} wrap>
            <InvoiceStatusTag status={r.status} name={r.statusName} />
            <Typography.Text strong>{money(r.amountFen)}</Typography.Text>
            <span>{r.invoiceTypeName}</span>
          </Space>
          {r.reason && <CardLine label="驳回原因">{r.reason}</CardLine>}
          {r.invoiceNo && <CardLine label="发票号码">{r.invoiceNo}</CardLine>}
          <CardLine label="订单">{r.orderTitle}</CardLine>
          {!mine && <CardLine label="付款人">{`${r.payerName}${r.payerMobile ? ` ${r.payerMobile}` : ''}`}</CardLine>}
          <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
            {r.orderNo} · {timeText(r.appliedAt)}
          </Typography.Text>
          {rowActions(r)}
        </Space>
      ),
    },
  ];
  const exportable = can(page.export);
  return (
    <>
      <StatusFilter value={status} onChange={setStatus} />
      <ListPage<InvoiceRow>
        title={page.name}
        rowKey="id"
        path={invoiceListPath(scope)}
        actionRef={table}
        params={params}
        columns={phone ? compact : columns}
        searchPlaceholder={mine ? '抬头、发票号码、订单号' : '抬头、发票号码、订单号、付款人'}
        toolbar={toolbar}
        exportPath={exportable ? invoiceExportPath(scope) : undefined}
        exportJobPath={exportable ? invoiceExportPath(scope) : undefined}
        exportName={page.name}
      />
    </>
  );
}
