import {
  AlipayCircleOutlined,
  BankOutlined,
  ExperimentOutlined,
  ScanOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import {
  OrderStatus,
  PAY_KIND_NAMES,
  type TPayKind,
  type TPayOptions,
  type TPayStarted,
} from '@shetuan/shared/payments';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, QRCode, Radio, Result, Space, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { feedback } from '../../../app/feedback';
import { ordersApi, paymentKeys } from '../api';
import { money, payChannel, SCOPE_PAGES, STATE_POLL_MS, settled, shellUrl, timeText } from '../helpers';
import { OrderStatusTag, ShellFrame } from '../parts';
import { ShellPending } from './ShellStates';

const TITLE = '订单支付';

const KIND_ICONS: Record<TPayKind, ReactNode> = {
  wechat: <WechatOutlined style={{ color: '#237804' }} />,
  alipay: <AlipayCircleOutlined style={{ color: '#0958d9' }} />,
  transfer: <BankOutlined style={{ color: '#ad4e00' }} />,
  dev: <ExperimentOutlined style={{ color: '#595959' }} />,
};

/** What each kind of payment asks of the payer, under its name. */
const KIND_HINTS: Record<TPayKind, string> = {
  wechat: '使用微信扫码或在微信中支付',
  alipay: '使用支付宝扫码或跳转支付宝支付',
  transfer: '通过银行对公转账，转账后上传凭证，收款方审核后到账',
  dev: '开发环境的模拟支付，不产生真实扣款',
};

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

/** The order in a few lines: what, to whom, how much, by when. */
export function OrderSummary({ order }: { order: TPayOptions['order'] }) {
  return (
    <Card size="small">
      <Space direction="vertical" size={4} style={{ width: '100%' }}>
        <Typography.Text strong style={{ fontSize: 16, overflowWrap: 'anywhere' }}>
          {order.title}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
          订单号：{order.orderNo}
        </Typography.Text>
        <Typography.Text type="secondary">收款方：{order.payeeName || '—'}</Typography.Text>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 8 }}>
          <OrderStatusTag status={order.status} name={order.statusName} />
          <Typography.Text strong style={{ fontSize: 24, color: '#cf1322' }}>
            {money(order.amountFen)}
          </Typography.Text>
        </div>
        {order.status === OrderStatus.PENDING && order.expiresAt && (
          <Typography.Text type="secondary">请在 {timeText(order.expiresAt)} 前完成支付</Typography.Text>
        )}
      </Space>
    </Card>
  );
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
  const [started, setStarted] = useState<TPayStarted | null>(null);
  const [starting, setStarting] = useState(false);

  const start = async () => {
    if (accountId === null) {
      void feedback.message.warning('请选择支付方式');
      return;
    }
    const channel = payChannel(window.innerWidth);
    setStarting(true);
    try {
      const res = await ordersApi.pay(orderId, { accountId, channel });
      if (res.kind === 'transfer') {
        void navigate(shellUrl('transfer', orderId));
        return;
      }
      if (channel === 'page' && res.redirectUrl) {
        window.location.assign(res.redirectUrl);
        return;
      }
      if (!res.qrCode && !res.redirectUrl) {
        void feedback.message.error('支付渠道暂时不可用，请稍后再试或更换支付方式');
        return;
      }
      setStarted(res);
    } catch {
      // The request client showed the server's message.
    } finally {
      setStarting(false);
    }
  };

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
      {started ? (
        <Card>
          <Space direction="vertical" align="center" size={12} style={{ width: '100%', textAlign: 'center' }}>
            <Typography.Text strong>{PAY_KIND_NAMES[started.kind]}</Typography.Text>
            {started.qrCode && (
              <>
                <QRCode value={started.qrCode} size={200} errorLevel="M" aria-label="支付二维码" />
                <Typography.Text>
                  <ScanOutlined /> 请使用手机扫码支付
                </Typography.Text>
              </>
            )}
            {started.kind === 'dev' && (started.redirectUrl || started.qrCode) && (
              <Typography.Link href={started.redirectUrl ?? started.qrCode ?? undefined} target="_blank" rel="noopener">
                在本机打开模拟收银台
              </Typography.Link>
            )}
            {!started.qrCode && started.redirectUrl && started.kind !== 'dev' && (
              <Button type="primary" href={started.redirectUrl}>
                前往支付
              </Button>
            )}
            <Typography.Text type="secondary">支付完成后本页将自动跳转，请勿关闭。</Typography.Text>
            <Button onClick={() => setStarted(null)}>更换支付方式</Button>
          </Space>
        </Card>
      ) : methods.length === 0 ? (
        <Card>
          <Result status="warning" title="暂无可用的支付方式" subTitle="请联系收款方开通收款账户后再支付。" />
        </Card>
      ) : (
        <>
          <Typography.Text strong id="pay-method-label">
            选择支付方式
          </Typography.Text>
          <Radio.Group
            aria-labelledby="pay-method-label"
            value={accountId}
            onChange={(e) => setAccountId(e.target.value as number)}
            style={{ display: 'flex', flexDirection: 'column', gap: 12, width: '100%' }}
          >
            {methods.map((m) => {
              const chosen = m.accountId === accountId;
              return (
                <Radio
                  key={m.accountId}
                  value={m.accountId}
                  style={{
                    display: 'flex',
                    alignItems: 'center',
                    width: '100%',
                    marginInlineEnd: 0,
                    padding: '14px 16px',
                    background: '#fff',
                    borderRadius: 8,
                    border: `2px solid ${chosen ? '#0958d9' : '#d9d9d9'}`,
                  }}
                >
                  <span style={{ display: 'flex', alignItems: 'center', gap: 12, minWidth: 0 }}>
                    <span style={{ fontSize: 28, lineHeight: 1 }} aria-hidden>
                      {KIND_ICONS[m.kind]}
                    </span>
                    <span style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
                      <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                        {m.name || PAY_KIND_NAMES[m.kind]}
                      </Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 13, overflowWrap: 'anywhere' }}>
                        {m.name && m.name !== PAY_KIND_NAMES[m.kind] ? `${PAY_KIND_NAMES[m.kind]} · ` : ''}
                        {KIND_HINTS[m.kind]}
                      </Typography.Text>
                    </span>
                  </span>
                </Radio>
              );
            })}
          </Radio.Group>
          <Button type="primary" size="large" block loading={starting} onClick={() => void start()}>
            确认支付 {money(order.amountFen)}
          </Button>
        </>
      )}
    </ShellFrame>
  );
}
