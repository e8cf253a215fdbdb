import { Button, Card, Result, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { apiCall } from '../../app/typed-api';

/**
 * /wechatDevConfirm?uuid= — the development WeChat provider's "phone": the binding QR code leads
 * here, and an administrator confirms as the person's WeChat would. Absent with the real provider.
 */
export default function WechatDevConfirmPage() {
  const [search] = useSearchParams();
  const uuid = search.get('uuid') ?? '';
  const [done, setDone] = useState(false);
  if (done) return <Result status="success" title="已确认绑定" subTitle="绑定页面将显示“绑定成功”。" />;
  return (
    <Card title="开发环境：确认微信绑定" style={{ maxWidth: 520 }}>
      <Typography.Paragraph>
        当前使用开发环境的微信通道。确认后，扫码的账号将绑定一个模拟的微信身份；生产环境由微信扫码确认。
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">二维码编号：{uuid || '—'}</Typography.Paragraph>
      <Button
        type="primary"
        disabled={!uuid}
        onClick={async () => {
          await apiCall.post('/wechat/dev/confirm', { body: { uuid } });
          setDone(true);
        }}
      >
        确认绑定
      </Button>
    </Card>
  );
}
