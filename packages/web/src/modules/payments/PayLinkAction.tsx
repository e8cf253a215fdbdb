import { LinkOutlined } from '@ant-design/icons';
import type { TPayLink } from '@shetuan/shared/payments';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Modal, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { feedback } from '../../app/feedback';
import { ordersApi, paymentKeys } from './api';
import { payLinkUrl, timeText } from './helpers';

/** Copies text, quietly: the dialog shows the link (with its own copy button) whatever the browser allows. */
async function copyQuietly(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** 取消付款链接, confirmed first: links already sent stop working at once. */
export function RevokePayLinkButton({ orderId, onDone }: { orderId: number; onDone?: () => void }) {
  const queryClient = useQueryClient();
  return (
    <Popconfirm
      title="取消付款链接？"
      description="已发出的付款链接将立即失效。"
      okText="取消链接"
      cancelText="再想想"
      okButtonProps={{ danger: true }}
      onConfirm={async () => {
        try {
          await ordersApi.revokePayLink(orderId);
        } catch {
          // The request client showed the server's message.
          return;
        }
        void feedback.message.success('付款链接已取消');
        void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
        onDone?.();
      }}
    >
      <Button danger>取消付款链接</Button>
    </Popconfirm>
  );
}

/** 复制付款链接's state: makes the link on the first use, copies it, and keeps it for the dialog. */
export function usePayLink(orderId: number) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<TPayLink | null>(null);
  const open = async () => {
    setBusy(true);
    try {
      const made = await ordersApi.makePayLink(orderId);
      if (await copyQuietly(payLinkUrl(made.token))) void feedback.message.success('付款链接已复制');
      setLink(made);
      void queryClient.invalidateQueries({ queryKey: paymentKeys.order('mine', orderId) });
    } catch {
      // The request client showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  return { busy, link, open: () => void open(), close: () => setLink(null) };
}

export function PayLinkButton({ busy, onClick, block }: { busy: boolean; onClick: () => void; block?: boolean }) {
  return (
    <Button icon={<LinkOutlined />} loading={busy} onClick={onClick} block={block}>
      复制付款链接
    </Button>
  );
}

/**
 * The link just copied, to read or copy again (the browser may refuse the clipboard), how long it
 * holds, and 取消付款链接. Kept at the page's level, not in a toolbar that moves with the width.
 */
export function PayLinkDialog({
  orderId,
  link,
  onClose,
}: {
  orderId: number;
  link: TPayLink | null;
  onClose: () => void;
}) {
  const url = link ? payLinkUrl(link.token) : '';
  return (
    <Modal
      open={link !== null}
      title="付款链接"
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space wrap style={{ justifyContent: 'flex-end', width: '100%' }}>
          <RevokePayLinkButton orderId={orderId} onDone={onClose} />
          <Button type="primary" onClick={onClose}>
            完成
          </Button>
        </Space>
      }
    >
      {link && (
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Typography.Text>
            将下面的链接发给代付人（如单位财务、家人），对方无需登录即可查看订单并支付。
          </Typography.Text>
          <Typography.Paragraph
            copyable={{ text: url, tooltips: ['复制链接', '已复制'] }}
            style={{
              marginBottom: 0,
              padding: '8px 12px',
              background: '#f5f5f5',
              borderRadius: 6,
              overflowWrap: 'anywhere',
            }}
          >
            {url}
          </Typography.Paragraph>
          <Typography.Text type="secondary">
            订单待支付且未超时（{timeText(link.expiresAt)}{' '}
            前）时有效，支付后自动失效。选择对公转账时，代付人可看到收款账户，转账凭证仍由您登录后上传。
          </Typography.Text>
        </Space>
      )}
    </Modal>
  );
}

/** 复制付款链接 on the payment page: a card that says what it is for, the button and its dialog. */
export function PayLinkCard({ orderId }: { orderId: number }) {
  const payLink = usePayLink(orderId);
  return (
    <Card size="small" title="请他人代付">
      <Space direction="vertical" size={8} style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          把付款链接发给代付的单位财务或家人，对方无需登录即可查看订单并支付。
        </Typography.Text>
        <PayLinkButton busy={payLink.busy} onClick={payLink.open} block />
      </Space>
      <PayLinkDialog orderId={orderId} link={payLink.link} onClose={payLink.close} />
    </Card>
  );
}
