import type { ActionType, ProColumns } from '@ant-design/pro-components';
import {
  PAYMENT_PAGES,
  type TWithdrawal,
  type TWithdrawalScope,
  WITHDRAWAL_STATUS_NAMES,
} from '@shetuan/shared/payments';
import { Button, Card, Col, Form, Row, Select, Space, Typography } from 'antd';
import { type ReactNode, type Ref, useMemo, useState } from 'react';
import { useCan } from '../../../platform/auth/can';
import { DateRangeFilter } from '../../../platform/components/DateRangeFilter';
import { LinkButton } from '../../../platform/components/LinkButton';
import { ListPage } from '../../../platform/components/ListPage';
import { money, timeText } from '../helpers';
import { CardLine, useIsPhone } from '../parts';
import { PayeeFilter, usePayee } from '../payee';
import { withdrawalsApi } from './api';
import { type WithdrawalFilters, withdrawalParams } from './helpers';
import { CardText, WithdrawalStatusTag } from './parts';

type WithdrawalRow = TWithdrawal & Record<string, unknown>;

const STATUS_OPTIONS = Object.entries(WITHDRAWAL_STATUS_NAMES).map(([value, label]) => ({
  value: Number(value),
  label,
}));
/** Each list's page (and its 导出 function point): 我的提现 on 申请提现, and 提现记录. */
const SCOPE_PAGES = { mine: PAYMENT_PAGES.withdraw, review: PAYMENT_PAGES.withdrawals } as const;

/** 状态 and 申请日期; they reach the list (and its export) as fixed parameters. */
function Filters({
  id,
  value,
  onChange,
  payees,
}: {
  id: string;
  value: WithdrawalFilters;
  onChange: (f: WithdrawalFilters) => void;
  payees: boolean;
}) {
  const phone = useIsPhone();
  const set = (patch: Partial<WithdrawalFilters>) => onChange({ ...value, ...patch });
  const any = Object.keys(withdrawalParams(value)).length > 0;
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
            <PayeeFilter id={`${id}-payee`} value={value.payee} onChange={(payee) => set({ payee })} itemStyle={item} />
          )}
          <Col xs={24} md={12} xl={6}>
            <Form.Item label="状态" htmlFor={`${id}-status`} {...item}>
              <Select
                id={`${id}-status`}
                allowClear
                placeholder="全部状态"
                options={STATUS_OPTIONS}
                value={value.status ?? null}
                onChange={(v: number | null | undefined) => set({ status: typeof v === 'number' ? v : undefined })}
              />
            </Form.Item>
          </Col>
          <DateRangeFilter id={id} label="申请日期" phone={phone} value={value} onChange={set} />
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
 * The withdrawal lists: 我的提现 (the payee's own, below 申请提现) and 提现记录 (the operators').
 * Keyword (提现单号、开户名、银行账号), 状态, 申请日期, paging, 导出 with its progress; 详情 opens
 * the drawer; `actions` adds the page's own row actions (撤销, 打款, 驳回).
 */
export function WithdrawalList({
  scope,
  table,
  title,
  onOpen,
  actions,
}: {
  scope: TWithdrawalScope;
  table: Ref<ActionType | undefined>;
  title?: string;
  onOpen: (w: TWithdrawal) => void;
  actions?: (w: TWithdrawal) => ReactNode;
}) {
  const page = SCOPE_PAGES[scope];
  const can = useCan();
  const phone = useIsPhone();
  const [filters, setFilters] = useState<WithdrawalFilters>({});
  // Memoised: the list reloads when the filters change.
  const params = useMemo(() => withdrawalParams(filters), [filters]);
  const review = scope === 'review';
  const name = title ?? page.name;
  // 提现记录 of the tenant's operators: every payee, with a filter; an organisation sees its own.
  const isOperator = usePayee()?.operator === true;
  const payees = review && isOperator;

  const rowActions = (w: TWithdrawal) => (
    <Space size={12} wrap>
      <LinkButton aria-label={`详情：${w.withdrawNo}`} onClick={() => onOpen(w)}>
        详情
      </LinkButton>
      {actions?.(w)}
    </Space>
  );
  const statusCell = (w: TWithdrawal) => (
    <Space direction="vertical" size={2}>
      <WithdrawalStatusTag status={w.status} name={w.statusName} />
      {w.reason && (
        <Typography.Text type="danger" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
          {w.reason}
        </Typography.Text>
      )}
      {w.bankRef && (
        <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
          流水号 {w.bankRef}
        </Typography.Text>
      )}
    </Space>
  );

  const columns: ProColumns<WithdrawalRow>[] = [
    {
      title: '提现单号',
      dataIndex: 'withdrawNo',
      width: 190,
      render: (_, w) => (
        <LinkButton
          onClick={() => onOpen(w)}
          style={{ paddingInline: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
        >
          {w.withdrawNo}
        </LinkButton>
      ),
    },
    ...(review ? [{ title: '收款方', dataIndex: 'payeeName', width: 150 } satisfies ProColumns<WithdrawalRow>] : []),
    { title: '提现金额', dataIndex: 'amountFen', width: 110, align: 'right', render: (_, w) => money(w.amountFen) },
    { title: '服务费', dataIndex: 'feeFen', width: 90, align: 'right', render: (_, w) => money(w.feeFen) },
    { title: '实际到账', dataIndex: 'netFen', width: 110, align: 'right', render: (_, w) => money(w.netFen) },
    {
      title: '银行卡',
      dataIndex: 'accountNo',
      width: 190,
      render: (_, w) => (
        <div style={{ overflowWrap: 'anywhere' }}>
          <div>{w.accountName}</div>
          <Typography.Text type="secondary">
            <CardText w={w} />
          </Typography.Text>
        </div>
      ),
    },
    { title: '状态', dataIndex: 'status', width: 140, render: (_, w) => statusCell(w) },
    {
      title: '申请',
      dataIndex: 'appliedAt',
      width: 140,
      render: (_, w) => (
        <div>
          <div>{timeText(w.appliedAt)}</div>
          {w.appliedBy && <Typography.Text type="secondary">{w.appliedBy}</Typography.Text>}
        </div>
      ),
    },
    { title: '处理时间', dataIndex: 'handledAt', width: 140, render: (_, w) => timeText(w.handledAt) },
    { title: '操作', valueType: 'option', width: review ? 130 : 90, render: (_, w) => rowActions(w) },
  ];
  // Phones: one column that reads like a card (the list's table has no horizontal scroll).
  const compact: ProColumns<WithdrawalRow>[] = [
    {
      title: '提现',
      dataIndex: 'withdrawNo',
      render: (_, w) => (
        <Space direction="vertical" size={2} style={{ width: '100%' }}>
          <Space size={8} wrap>
            <WithdrawalStatusTag status={w.status} name={w.statusName} />
            <Typography.Text strong>{money(w.amountFen)}</Typography.Text>
          </Space>
          <CardLine label="实际到账">
            {money(w.netFen)}（服务费 {money(w.feeFen)}）
          </CardLine>
          {review && <CardLine label="收款方">{w.payeeName}</CardLine>}
          <CardLine label="银行卡">
            <CardText w={w} />
          </CardLine>
          {w.reason && <CardLine label="驳回原因">{w.reason}</CardLine>}
          {w.bankRef && <CardLine label="打款流水号">{w.bankRef}</CardLine>}
          <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
            {w.withdrawNo} · {timeText(w.appliedAt)}
          </Typography.Text>
          {rowActions(w)}
        </Space>
      ),
    },
  ];
  const exportable = can(page.export);
  return (
    <>
      <Filters id={`withdrawal-${scope}-filter`} value={filters} onChange={setFilters} payees={payees} />
      <ListPage<WithdrawalRow>
        title={name}
        rowKey="id"
        path={withdrawalsApi.listPath(scope)}
        actionRef={table}
        params={params}
        columns={phone ? compact : columns}
        searchPlaceholder="提现单号、开户名、银行、流水号"
        exportPath={exportable ? withdrawalsApi.exportPath(scope) : undefined}
        exportJobPath={exportable ? withdrawalsApi.exportPath(scope) : undefined}
        exportName={name}
      />
    </>
  );
}
