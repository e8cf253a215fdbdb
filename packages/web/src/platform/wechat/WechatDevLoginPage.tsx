import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Space, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type ApiBody, apiCall } from '../../app/typed-api';

/**
 * /wechatDevLogin?uuid= — the development WeChat provider's "phone" for a QR login: the login QR
 * leads here, and the person logged in in this browser confirms with the WeChat account they have
 * bound (so one can only ever log in as oneself), or plays an unbound WeChat account scanning.
 * Absent with the real provider (WeChat confirms on the phone).
 */
export default function WechatDevLoginPage() {
  const [search] = useSearchParams();
  const uuid = search.get('uuid') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const account = useQuery({
    queryKey: ['wechat', 'account'],
    queryFn: () => apiCall.get('/wechat/account'),
  });
  const confirm = async (as: ApiBody<'post', '/wechat/dev/confirm-login'>['as']) => {
    const res = await apiCall.post('/wechat/dev/confirm-login', { body: { uuid, as } });
    setDone(res.outcome === 'success' ? '已确认登录' : '已扫码：该微信尚未绑定账号');
  };
  if (done) return <Result status="success" title={done} subTitle="登录页面将自动继续。" />;
  return (
    <Card title="开发环境：确认微信扫码登录" style={{ maxWidth: 560 }}>
      <Typography.Paragraph>
        当前使用开发环境的微信通道。确认后，登录页面将以您绑定的微信登录您本人的账号；生产环境由手机微信扫码确认。
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">二维码编号：{uuid || '—'}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        本人微信：{account.data ? (account.data.bound ? account.data.nickname || '已绑定' : '未绑定') : '…'}
      </Typography.Paragraph>
      <Space wrap>
        <Button type="primary" disabled={!uuid || !account.data?.bound} onClick={() => void confirm('mine')}>
          确认登录
        </Button>
        <Button disabled={!uuid} onClick={() => void confirm('unbound')}>
          模拟未绑定的微信扫码
        </Button>
      </Space>
    </Card>
  );
}
