import { ArrowLeftOutlined } from '@ant-design/icons';
import { ORDER_STATUS_NAMES, ZCancelOrder } from '@shetuan/shared/payments';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Grid, Input, Popconfirm, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { feedback } from '../../app/feedback';
import { LinkButton } from '../../platform/components/LinkButton';
import { fieldLimits } from '../../platform/resource';
import { useTenant } from '../../platform/tenant';
import { ordersApi, paymentKeys } from './api';
import { PHONE_WIDTH, SCOPE_PAGES, statusTone } from './helpers';

/** Phone-sized screens (below antd's md breakpoint): tables become cards, labels sit above answers. */
export function useIsPhone(): boolean {
  const screens = Grid.useBreakpoint();
  return screens.md === false || (screens.md === undefined && window.innerWidth < PHONE_WIDTH);
}

/** An order's status as a tag (the console's AA status colours). */
export function OrderStatusTag({ status, name }: { status: number; name?: string }) {
  return (
    <Tag color={statusTone(status)} style={{ marginInlineEnd: 0 }}>
      {name || ORDER_STATUS_NAMES[status] || '未知'}
    </Tag>
  );
}

/** A label and a value in a phone card. */
export function CardLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', gap: 8, lineHeight: '24px' }}>
      <span style={{ color: '#595959', flex: '0 0 auto' }}>{label}</span>
      <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{children}</span>
    </div>
  );
}

const CANCEL_MAX = fieldLimits(ZCancelOrder, 'reason').maxLength ?? 200;

/** 取消 / 取消订单: a confirmation with an optional reason; the lists and the detail read again after. */
export function CancelOrderAction({
  orderId,
  orderNo,
  button,
  onDone,
}: {
  orderId: number;
  orderNo: string;
  /** A button (the detail page) instead of a row's link. */
  button?: boolean;
  onDone?: () => void;
}) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  return (
    <Popconfirm
      title={`取消订单 ${orderNo}？`}
      description={
        <div style={{ width: 'min(280px, 70vw)' }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            取消后不能再支付此订单。
          </Typography.Paragraph>
          <Input.TextArea
            aria-label="取消原因（选填）"
            placeholder="取消原因（选填）"
            rows={2}
            maxLength={CANCEL_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
      }
      okText="取消订单"
      cancelText="再想想"
      okButtonProps={{ danger: true }}
      onOpenChange={(open) => {
        if (!open) setReason('');
      }}
      onConfirm={async () => {
        try {
          await ordersApi.cancel(orderId, { reason: reason.trim() });
        } catch {
          // The request client showed the server's message.
          return;
        }
        void feedback.message.success('订单已取消');
        void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
        onDone?.();
      }}
    >
      {button ? (
        <Button danger>取消订单</Button>
      ) : (
        <LinkButton danger aria-label={`取消订单：${orderNo}`}>
          取消
        </LinkButton>
      )}
    </Popconfirm>
  );
}

/**
 * The payment shell's frame (no console: members open it on phones): the tenant's name, a way back
 * to 我的订单 (not on the 付款链接, whose visitor has no console), and one column at most 560 px
 * wide that never scrolls sideways at 390 px.
 */
export function ShellFrame({ title, back = true, children }: { title: string; back?: boolean; children: ReactNode }) {
  const tenant = useTenant();
  return (
    <main style={{ minHeight: '100vh', background: '#f0f2f5', padding: '16px 12px 32px', overflowX: 'hidden' }}>
      <div style={{ maxWidth: 560, margin: '0 auto', display: 'flex', flexDirection: 'column', gap: 12 }}>
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
          {back ? (
            <Link to={SCOPE_PAGES.mine.path}>
              <ArrowLeftOutlined /> 付款订单
            </Link>
          ) : (
            <span />
          )}
          <Typography.Text type="secondary" ellipsis style={{ minWidth: 0 }}>
            {tenant.companyName}
          </Typography.Text>
        </div>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {children}
      </div>
    </main>
  );
}
