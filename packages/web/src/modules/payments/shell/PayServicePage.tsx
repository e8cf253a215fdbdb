import {
  OrderStatus,
  PAY_LINK_INVALID,
  PAY_LINK_TOKEN_PATTERN,
  type TPayLinkView,
  type TPayStarted,
  type TTransferInfo,
} from '@shetuan/shared/payments';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Result, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ApiError } from '../../../app/request';
import { useTenant } from '../../../platform/tenant';
import { payLinkApi, paymentKeys } from '../api';
import { money, STATE_POLL_MS } from '../helpers';
import { ShellFrame } from '../parts';
import { resultOf } from './DonePage';
import { CopyLine, KIND_HINTS, MethodPicker, OrderSummary, StartedPayment, usePayStart } from './PayMethods';

const TITLE = '订单代付';

/** On the link, a transfer's voucher stays with the order's payer, who is logged in. */
const LINK_HINTS = { ...KIND_HINTS, transfer: '通过银行对公转账，转账后请将回单交给付款人上传' };

/**
 * /payService?token= (no login, no console; phone-first): a 付款链接 that an order's payer sent to
 * whoever pays it. It shows what is paid for, to whom and how much, and pays by the payee's
 * methods as the payer's own payment page does (a QR code on a desktop, the provider's page on a
 * phone, or the bank account for a transfer). The state is polled every 3 s, so the page turns to
 * 支付成功 by itself; coming back from a provider's page it shows the result at once.
 */
export default function PayServicePage() {
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const wellFormed = PAY_LINK_TOKEN_PATTERN.test(token);
  const tenant = useTenant();
  const view = useQuery({
    queryKey: paymentKeys.payLink(token),
    queryFn: () => payLinkApi.view(token),
    enabled: wellFormed,
    retry: false,
  });
  const state = useQuery({
    queryKey: paymentKeys.payLinkState(token),
    queryFn: () => payLinkApi.state(token),
    enabled: wellFormed,
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === OrderStatus.PENDING ? STATE_POLL_MS : false),
  });
  useEffect(() => {
    document.title = `${TITLE} - ${tenant.companyName}`;
  }, [tenant.companyName]);

  const status = state.data?.status;
  if (state.data && status !== OrderStatus.PENDING && status !== OrderStatus.CANCELLED) {
    const r = resultOf(state.data);
    return (
      <ShellFrame title={TITLE} back={false}>
        <OrderSummary order={state.data} />
        <Card>
          <Result status={r.status} title={r.title} subTitle={r.subTitle} style={{ padding: '24px 0' }} />
        </Card>
      </ShellFrame>
    );
  }
  if (!wellFormed || view.isError)
    return (
      <ShellFrame title={TITLE} back={false}>
        <Card>
          <Result
            status="warning"
            title={(wellFormed && (view.error as ApiError | null)?.message) || PAY_LINK_INVALID}
            subTitle="如需付款，请向发送链接的人索取新的付款链接。"
          />
        </Card>
      </ShellFrame>
    );
  if (!view.data)
    return (
      <ShellFrame title={TITLE} back={false}>
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </ShellFrame>
    );
  return <PayByLink token={token} view={view.data} />;
}

function PayByLink({ token, view }: { token: string; view: TPayLinkView }) {
  const [accountId, setAccountId] = useState<number | null>(view.methods[0]?.accountId ?? null);
  const [transfer, setTransfer] = useState<TTransferInfo | null>(null);
  const pay = usePayStart(
    (input) => payLinkApi.pay(token, input),
    (started: TPayStarted) => setTransfer(started.transfer),
  );
  const payer = `${view.payerName || '—'}${view.payerMobile ? `（${view.payerMobile}）` : ''}`;

  return (
    <ShellFrame title={TITLE} back={false}>
      <OrderSummary order={view}>
        <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
          付款人：{payer}
        </Typography.Text>
      </OrderSummary>
      <Card size="small" title="订单明细">
        <Space direction="vertical" size={4} style={{ width: '100%' }}>
          {view.lines.map((l) => (
            <div
              key={`${l.item}-${l.taxCode}-${l.unitPriceFen}-${l.quantity}`}
              style={{ display: 'flex', justifyContent: 'space-between', gap: 12 }}
            >
              <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {l.item}
                {l.quantity > 1 ? ` × ${l.quantity}` : ''}
              </span>
              <span style={{ flex: '0 0 auto' }}>{money(l.amountFen)}</span>
            </div>
          ))}
        </Space>
      </Card>
      {transfer ? (
        <TransferDetails transfer={transfer} view={view} onChange={() => setTransfer(null)} />
      ) : pay.started ? (
        <StartedPayment started={pay.started} onChange={pay.reset} />
      ) : view.methods.length === 0 ? (
        <Card>
          <Result status="warning" title="暂无可用的支付方式" subTitle="请联系收款方开通收款账户后再支付。" />
        </Card>
      ) : (
        <MethodPicker
          methods={view.methods}
          value={accountId}
          onChange={setAccountId}
          amountFen={view.amountFen}
          starting={pay.starting}
          onConfirm={() => void pay.start(accountId)}
          hints={LINK_HINTS}
        />
      )}
    </ShellFrame>
  );
}

/** 对公转账 through the link: the bank account and the remark to write; the payer uploads the voucher. */
function TransferDetails({
  transfer: t,
  view,
  onChange,
}: {
  transfer: TTransferInfo;
  view: TPayLinkView;
  onChange: () => void;
}) {
  return (
    <>
      <Card title="收款账户">
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <CopyLine label="户名" value={t.accountName} />
          <CopyLine label="开户行" value={t.bankName} />
          <CopyLine label="银行账号" value={t.accountNo} strong />
          <CopyLine label="转账金额" value={money(view.amountFen)} strong />
          <CopyLine label="转账备注" value={t.remark} strong />
        </Space>
      </Card>
      <Alert
        type="warning"
        showIcon
        message="请务必在转账时填写上面的转账备注"
        description={`收款方凭备注核对款项。转账完成后，请把银行回单或转账截图交给付款人${view.payerName ? `（${view.payerName}）` : ''}，由其登录后上传转账凭证；收款方审核通过后订单即为已支付。`}
      />
      <Button block onClick={onChange}>
        更换支付方式
      </Button>
    </>
  );
}
