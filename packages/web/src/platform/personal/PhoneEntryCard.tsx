import { MobileOutlined } from '@ant-design/icons';
import { Button, Card, QRCode, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { authApi } from '../auth/api';

type Entry = { url: string; expiresAt: number };

/**
 * 在手机上继续: a one-time member entry (spec 000 §2) as a QR code. Scanning it opens this console
 * on the phone, logged in as the current identity; it works once, within two minutes.
 */
export function PhoneEntryCard() {
  const [entry, setEntry] = useState<Entry | null>(null);
  const [now, setNow] = useState(Date.now());
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!entry) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [entry]);
  const left = entry ? Math.max(0, Math.ceil((entry.expiresAt - now) / 1000)) : 0;

  const issue = async () => {
    setLoading(true);
    try {
      const t = await authApi.issueEntryTicket();
      const query = new URLSearchParams({
        memberToken: t.memberToken,
        identityId: String(t.identityId),
        userId: String(t.userId),
      });
      setEntry({ url: `${window.location.origin}/new/?${query}`, expiresAt: Date.parse(t.expiresAt) });
      setNow(Date.now());
    } finally {
      setLoading(false);
    }
  };

  return (
    <Card title="在手机上继续">
      <Space align="start" size={24} wrap>
        <QRCode
          aria-label="在手机上继续的二维码"
          value={entry?.url ?? '-'}
          size={148}
          status={!entry ? 'loading' : left === 0 ? 'expired' : 'active'}
          onRefresh={() => void issue()}
          statusRender={!entry ? () => <MobileOutlined style={{ fontSize: 32, color: '#bbb' }} /> : undefined}
        />
        <Space direction="vertical">
          <Typography.Text>用手机扫码，即可以当前身份在手机上打开后台，无需再次登录。</Typography.Text>
          <Typography.Text type="secondary">二维码仅能使用一次，2 分钟内有效；请勿转发给他人。</Typography.Text>
          {entry && left > 0 && <Typography.Text type="secondary">剩余 {left} 秒</Typography.Text>}
          <Button icon={<MobileOutlined />} loading={loading} onClick={() => void issue()}>
            {entry ? '重新生成' : '生成二维码'}
          </Button>
          {entry && left > 0 && (
            <Typography.Link copyable={{ text: entry.url, tooltips: ['复制链接', '已复制'] }}>
              复制登录链接
            </Typography.Link>
          )}
        </Space>
      </Space>
    </Card>
  );
}
