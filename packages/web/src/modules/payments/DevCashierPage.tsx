import { ExperimentOutlined } from '@ant-design/icons';
import { OrderStatus, type TDevCashier, type TOrderState } from '@shetuan/shared/payments';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Result, Skeleton, Space, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ApiError } from '../../app/request';
import { devCashierApi, paymentKeys } from './api';
import { money } from './helpers';
import { CardLine, OrderStatusTag } from './parts';

const INVALID = '支付链接无效或已失效';
type Outcome = 'paid' | 'failed' | 'twice';

/** The cashier's frame: phone-first (390 px), centred on wide screens, no console. */
function Frame({ children }: { children: ReactNode }) {
  return (
    <main style={{ minHeight: '100vh', background: '#f0f2f5', padding: '24px 12px', overflowX: 'hidden' }}>
      <div style={{ maxWidth: 480, margin: '0 auto', display: 'flex', flexDirection: 'column', gap: 12 }}>
        <Typography.Title level={4} style={{ margin: 0, textAlign: 'center' }}>
          <ExperimentOutlined /> 模拟收银台（开发环境）
        </Typography.Title>
        {children}
      </div>
    </main>
  );
}

/**
 * /dev-cashier?token= (no login, no console): the development provider's cashier, where the QR
 * code or the phone's payment page leads. It shows the order and plays the provider: 模拟支付成功,
 * 模拟支付失败, 模拟重复通知 (pays and sends the notification twice); then the order's new state.
 */
export default function DevCashierPage() {
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const cashier = useQuery({
    queryKey: paymentKeys.devCashier(token),
    queryFn: () => devCashierApi.get(token),
    enabled: token !== '',
    retry: false,
  });
  useEffect(() => {
    document.title = '模拟收银台';
  }, []);
  if (!token || cashier.isError)
    return (
      <Frame>
        <Card>
          <Result status="warning" title={token ? (cashier.error as ApiError).message || INVALID : INVALID} />
        </Card>
      </Frame>
    );
  if (!cashier.data)
    return (
      <Frame>
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </Frame>
    );
  return <Cashier token={token} cashier={cashier.data} />;
}

const OUTCOME_DONE: Record<Outcome, string> = {
  paid: '已模拟支付成功',
  failed: '已模拟支付失败',
  twice: '已模拟支付成功，并重复发送了支付通知',
};

function Cashier({ token, cashier: c }: { token: string; cashier: TDevCashier }) {
  const queryClient = useQueryClient();
  const [sending, setSending] = useState<Outcome | null>(null);
  const [answer, setAnswer] = useState<{ outcome: Outcome; state: TOrderState } | null>(null);

  const send = async (outcome: Outcome) => {
    setSending(outcome);
    try {
      const state = await devCashierApi.act({ token, outcome });
      setAnswer({ outcome, state });
    } catch {
      // The request client showed the server's message.
    } finally {
      setSending(null);
      void queryClient.invalidateQueries({ queryKey: paymentKeys.devCashier(token) });
    }
  };

  return (
    <Frame>
      <Alert type="warning" showIcon message="仅用于开发和测试，不会产生真实扣款。" />
      <Card>
        <Space direction="vertical" size={4} style={{ width: '100%' }}>
          <CardLine label="收款方">{c.payeeName || '—'}</CardLine>
          <CardLine label="商品">{c.title}</CardLine>
          <CardLine label="订单号">{c.orderNo}</CardLine>
          <CardLine label="订单状态">
            <OrderStatusTag status={c.status} name={c.statusName} />
          </CardLine>
          <Typography.Text
            strong
            style={{ display: 'block', textAlign: 'center', fontSize: 32, color: '#cf1322', margin: '12px 0' }}
          >
            {money(c.amountFen)}
          </Typography.Text>
        </Space>
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Button
            type="primary"
            size="large"
            block
            loading={sending === 'paid'}
            disabled={sending !== null}
            onClick={() => void send('paid')}
          >
            模拟支付成功
          </Button>
          <Button
            danger
            size="large"
            block
            loading={sending === 'failed'}
            disabled={sending !== null}
            onClick={() => void send('failed')}
          >
            模拟支付失败
          </Button>
          <Button
            size="large"
            block
            loading={sending === 'twice'}
            disabled={sending !== null}
            onClick={() => void send('twice')}
          >
            模拟重复通知
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            模拟重复通知：支付成功，并将支付通知发送两次（检验重复通知只入账一次）。
          </Typography.Text>
        </Space>
      </Card>
      {answer && (
        <Card>
          <Result
            status={
              answer.state.status === OrderStatus.PAID ? 'success' : answer.outcome === 'failed' ? 'error' : 'info'
            }
            title={OUTCOME_DONE[answer.outcome]}
            subTitle={
              <span>
                订单状态：
                <OrderStatusTag status={answer.state.status} name={answer.state.statusName} />
              </span>
            }
            style={{ padding: '16px 0' }}
            extra={
              window.history.length > 1 ? (
                <Button onClick={() => window.history.back()}>返回支付页面</Button>
              ) : (
                <Typography.Text type="secondary">可关闭本页，回到支付页面查看结果。</Typography.Text>
              )
            }
          />
        </Card>
      )}
    </Frame>
  );
}
