import { OrderStatus, type TPayOptions } from '@shetuan/shared/payments';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ordersApi, paymentKeys } from '../api';
import { SCOPE_PAGES, STATE_POLL_MS, settled, shellUrl } from '../helpers';
import { PayLinkCard } from '../PayLinkAction';
import { ShellFrame } from '../parts';
import { MethodPicker, OrderSummary, StartedPayment, usePayStart } from './PayMethods';
import { ShellPending } from './ShellStates';

const TITLE = '订单支付';

/**
 * The order's state, asked every 3 s: the page learns of the payment without a reload and goes to
 * the result once the order is paid (or its voucher waits for review).
 */
export function useOrderStatePolling(orderId: number, enabled = true) {
  const navigate = useNavigate();
  const state = useQuery({
    queryKey: paymentKeys.state(orderId),
    queryFn: () => ordersApi.state(orderId),
    enabled: enabled && orderId > 0,
    refetchInterval: STATE_POLL_MS,
    retry: false,
  });
  const status = state.data?.status;
  useEffect(() => {
    if (status !== undefined && settled(status)) void navigate(shellUrl('done', orderId), { replace: true });
  }, [status, orderId, navigate]);
  return state;
}

/**
 * /new-payment-index/payment?orderId= (the payment shell, no menu entry): the order, the ways to
 * pay as large cards, then 确认支付 — a QR code on a desktop, the provider's own page on a phone,
 * the bank account for a transfer. The state is polled every 3 s.
 */
export default function PaymentPage() {
  const [search] = useSearchParams();
  const orderId = Number(search.get('orderId')) || 0;
  const options = useQuery({
    queryKey: paymentKeys.payOptions(orderId),
    queryFn: () => ordersApi.payOptions(orderId),
    enabled: orderId > 0,
    retry: false,
  });
  useOrderStatePolling(orderId, options.isSuccess);

  if (!options.data) return <ShellPending title={TITLE} orderId={orderId} error={options.error} />;
  return <Payment orderId={orderId} options={options.data} />;
}

function Payment({ orderId, options }: { orderId: number; options: TPayOptions }) {
  const navigate = useNavigate();
  const { order, methods } = options;
  const [accountId, setAccountId] = useState<number | null>(methods[0]?.accountId ?? null);
  const pay = usePayStart(
    (input) => ordersApi.pay(orderId, input),
    () => void navigate(shellUrl('transfer', orderId)),
  );

  if (order.status !== OrderStatus.PENDING && !settled(order.status))
    return (
      <ShellFrame title={TITLE}>
        <OrderSummary order={order} />
        <Card>
          <Result
            status="info"
            title={`订单${order.statusName}，无需支付`}
            extra={<Button onClick={() => void navigate(SCOPE_PAGES.mine.path)}>返回付款订单</Button>}
          />
        </Card>
      </ShellFrame>
    );

  return (
    <ShellFrame title={TITLE}>
      <OrderSummary order={order} />
      {pay.started ? (
        <StartedPayment started={pay.started} onChange={pay.reset} />
      ) : methods.length === 0 ? (
        <Card>
          <Result status="warning" title="暂无可用的支付方式" subTitle="请联系收款方开通收款账户后再支付。" />
        </Card>
      ) : (
        <MethodPicker
          methods={methods}
          value={accountId}
          onChange={setAccountId}
          amountFen={order.amountFen}
          starting={pay.starting}
          onConfirm={() => void pay.start(accountId)}
        />
      )}
      {order.status === OrderStatus.PENDING && <PayLinkCard orderId={orderId} />}
    </ShellFrame>
  );
}
