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
  type TOrder,
  type TPayKind,
  type TPayOptions,
  type TPayStart,
  type TPayStarted,
} from '@shetuan/shared/payments';
import { Button, Card, QRCode, Radio, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { feedback } from '../../../app/feedback';
import { money, payChannel, timeText } from '../helpers';
import { OrderStatusTag } from '../parts';

/**
 * The parts of paying that the payer's payment page and the 付款链接 share: the order in a few
 * lines, the ways to pay as large cards, starting a payment, and the QR code once started.
 */

const KIND_ICONS: Record<TPayKind, ReactNode> = {
  wechat: <WechatOutlined style={{ color: '#237804' }} />,
  alipay: <AlipayCircleOutlined style={{ color: '#0958d9' }} />,
  transfer: <BankOutlined style={{ color: '#ad4e00' }} />,
  dev: <ExperimentOutlined style={{ color: '#595959' }} />,
};

/** What each kind of payment asks of the payer, under its name. */
export const KIND_HINTS: Record<TPayKind, string> = {
  wechat: '使用微信扫码或在微信中支付',
  alipay: '使用支付宝扫码或跳转支付宝支付',
  transfer: '通过银行对公转账，转账后上传凭证，收款方审核后到账',
  dev: '开发环境的模拟支付，不产生真实扣款',
};

type SummaryOrder = Pick<
  TOrder,
  'title' | 'orderNo' | 'payeeName' | 'status' | 'statusName' | 'amountFen' | 'expiresAt'
>;

/** The order in a few lines: what, to whom, how much, by when (and whatever the page adds below). */
export function OrderSummary({ order, children }: { order: SummaryOrder; children?: ReactNode }) {
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
        {children}
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
 * 确认支付: asks for a QR code on a desktop and the provider's own page on a phone (where the page
 * leaves for it); a transfer goes to `onTransfer`. Answers the started payment to show.
 */
export function usePayStart(
  pay: (input: TPayStart) => Promise<TPayStarted>,
  onTransfer: (started: TPayStarted) => void,
) {
  const [started, setStarted] = useState<TPayStarted | null>(null);
  const [starting, setStarting] = useState(false);
  const start = async (accountId: number | null) => {
    if (accountId === null) {
      void feedback.message.warning('请选择支付方式');
      return;
    }
    const channel = payChannel(window.innerWidth);
    setStarting(true);
    try {
      const res = await pay({ accountId, channel });
      if (res.kind === 'transfer') {
        onTransfer(res);
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
  return { started, starting, start, reset: () => setStarted(null) };
}

/** The ways to pay as large cards (the chosen one is the page's), then 确认支付 with the amount. */
export function MethodPicker({
  methods,
  value: accountId,
  onChange: setAccountId,
  amountFen,
  starting,
  onConfirm,
  hints = KIND_HINTS,
}: {
  methods: TPayOptions['methods'];
  value: number | null;
  onChange: (accountId: number) => void;
  amountFen: number;
  starting: boolean;
  onConfirm: () => void;
  hints?: Record<TPayKind, string>;
}) {
  return (
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
                    {hints[m.kind]}
                  </Typography.Text>
                </span>
              </span>
            </Radio>
          );
        })}
      </Radio.Group>
      <Button type="primary" size="large" block loading={starting} onClick={onConfirm}>
        确认支付 {money(amountFen)}
      </Button>
    </>
  );
}

/** A payment started on a desktop: the QR code to scan (the development cashier's link beside it). */
export function StartedPayment({ started, onChange }: { started: TPayStarted; onChange: () => void }) {
  return (
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
        <Button onClick={onChange}>更换支付方式</Button>
      </Space>
    </Card>
  );
}

/** One line of the bank account: its label over the value, with a copy button. */
export function CopyLine({ label, value, strong }: { label: string; value: string; strong?: boolean }): ReactNode {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text
        strong={strong}
        copyable={value ? { text: value, tooltips: ['复制', '已复制'] } : false}
        style={{ fontSize: 16, overflowWrap: 'anywhere' }}
      >
        {value || '—'}
      </Typography.Text>
    </div>
  );
}
