import { OrderStatus, type TOrderState } from '@shetuan/shared/payments';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, type ResultProps, Space } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ordersApi, paymentKeys } from '../api';
import { detailUrl, SCOPE_PAGES, STATE_POLL_MS, shellUrl, timeText } from '../helpers';
import { ShellFrame } from '../parts';
import { ShellPending } from './ShellStates';

const TITLE = '支付结果';

/** What the result says for a state: 支付成功, the voucher waiting, a payment not yet known, or the state. */
export function resultOf(state: TOrderState): { status: ResultProps['status']; title: string; subTitle: ReactNode } {
  switch (state.status) {
    case OrderStatus.PAID:
      return {
        status: 'success',
        title: '支付成功',
        subTitle: state.paidAt ? `支付时间：${timeText(state.paidAt)}` : '订单已支付',
      };
    case OrderStatus.REVIEW:
      return {
        status: 'info',
        title: '凭证已提交，等待收款方审核',
        subTitle: '审核通过后订单即为已支付，请留意消息通知。',
      };
    case OrderStatus.PENDING:
      return { status: 'info', title: '等待支付结果', subTitle: '如已完成支付，请稍候，本页会自动刷新。' };
    default:
      return { status: 'warning', title: `订单${state.statusName}`, subTitle: '如有疑问，请联系收款方。' };
  }
}

/**
 * /new-payment-index/done?orderId= (the payment shell): 支付成功, 凭证已提交，等待收款方审核, or the
 * order's state; while the payment is not yet known it keeps asking every 3 s.
 */
export default function DonePage() {
  const [search] = useSearchParams();
  const orderId = Number(search.get('orderId')) || 0;
  const navigate = useNavigate();
  const state = useQuery({
    queryKey: paymentKeys.state(orderId),
    queryFn: () => ordersApi.state(orderId),
    enabled: orderId > 0,
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === OrderStatus.PENDING ? STATE_POLL_MS : false),
  });
  if (!state.data) return <ShellPending title={TITLE} orderId={orderId} error={state.error} />;
  const r = resultOf(state.data);
  return (
    <ShellFrame title={TITLE}>
      <Card>
        <Result
          status={r.status}
          title={r.title}
          subTitle={r.subTitle}
          style={{ padding: '24px 0' }}
          extra={
            <Space direction="vertical" style={{ width: '100%', maxWidth: 320 }}>
              {state.data.status === OrderStatus.PENDING && (
                <Button type="primary" block onClick={() => void navigate(shellUrl('pay', orderId))}>
                  继续支付
                </Button>
              )}
              <Button block onClick={() => void navigate(detailUrl('mine', orderId))}>
                查看订单
              </Button>
              <Button
                type={state.data.status === OrderStatus.PENDING ? 'default' : 'primary'}
                block
                onClick={() => void navigate(SCOPE_PAGES.mine.path)}
              >
                返回付款订单
              </Button>
            </Space>
          }
        />
      </Card>
    </ShellFrame>
  );
}
