import { WechatOutlined } from '@ant-design/icons';
import { WECHAT_LOGIN_MESSAGES } from '@shetuan/shared/identity';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Modal, Popconfirm, QRCode, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { feedback } from '../../app/feedback';
import { ApiError } from '../../app/request';
import { type ApiData, apiCall } from '../../app/typed-api';

const wechatKeys = { account: ['wechat', 'account'] as const };
/** The spec: poll once a second. */
const POLL_MS = 1000;
const QR_FAILED = 9999;

type Phase = 'loading' | 'waiting' | 'expired' | 'failed' | 'stopped';

/** The binding pop-up: a 160 px QR code (level H), polled once a second until done or expired. */
function BindDialog({ open, onDone, onClose }: { open: boolean; onDone: () => void; onClose: () => void }) {
  const [qr, setQr] = useState<ApiData<'post', '/wechat/bind/qr'> | null>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [attempt, setAttempt] = useState(0);
  const done = useRef(onDone);
  done.current = onDone;

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt restarts the binding (the refresh button)
  useEffect(() => {
    if (!open) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setPhase('loading');
    setQr(null);
    const started = Date.now();
    const poll = async (uuid: string, expiresIn: number) => {
      if (stopped) return;
      if ((Date.now() - started) / 1000 > expiresIn) return setPhase('expired');
      try {
        const res = await apiCall.get('/wechat/bind/poll', { query: { uuid } }, { silent: true });
        if (stopped) return;
        if (res.code === 'success') {
          void feedback.message.success('绑定成功');
          done.current();
          return;
        }
        if (res.code === 'expired') return setPhase('expired');
        if (res.code === 'failed') return setPhase('failed');
      } catch {
        if (!stopped) setPhase('failed');
        return;
      }
      timer = setTimeout(() => void poll(uuid, expiresIn), POLL_MS);
    };
    apiCall
      .post('/wechat/bind/qr', {}, { silent: true })
      .then((res) => {
        if (stopped) return;
        setQr(res);
        setPhase('waiting');
        timer = setTimeout(() => void poll(res.uuid, res.expiresIn), POLL_MS);
      })
      .catch((err: unknown) => {
        if (stopped) return;
        setPhase('stopped');
        void feedback.message.error(
          err instanceof ApiError && err.code === QR_FAILED ? err.message : '二维码生成失败，请稍后再试',
        );
      });
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [open, attempt]);

  return (
    <Modal open={open} title="绑定微信" footer={null} width={360} onCancel={onClose} destroyOnHidden>
      <Space direction="vertical" align="center" style={{ width: '100%' }}>
        <QRCode
          aria-label="绑定微信的二维码"
          value={qr?.qrContent ?? '-'}
          size={160}
          errorLevel="H"
          status={phase === 'loading' ? 'loading' : phase === 'expired' || phase === 'failed' ? 'expired' : 'active'}
          onRefresh={() => setAttempt((n) => n + 1)}
        />
        <Typography.Text type={phase === 'failed' || phase === 'expired' ? 'danger' : 'secondary'}>
          {phase === 'expired'
            ? '二维码已失效,请刷新页面再试'
            : phase === 'failed'
              ? '绑定失败，请重新扫描二维码'
              : '请使用微信扫描二维码完成绑定'}
        </Typography.Text>
      </Space>
    </Modal>
  );
}

/** 微信绑定 in the personal centre: bind with the QR code, or unbind. */
export function WechatBindCard() {
  const queryClient = useQueryClient();
  const account = useQuery({
    queryKey: wechatKeys.account,
    queryFn: () => apiCall.get('/wechat/account'),
  });
  const [open, setOpen] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: wechatKeys.account });
  return (
    <Card title="微信绑定" loading={account.isPending}>
      <Space direction="vertical">
        <Space>
          <WechatOutlined style={{ color: account.data?.bound ? '#07c160' : '#bbb', fontSize: 20 }} />
          <Typography.Text>
            {account.data?.bound ? `已绑定${account.data.nickname ? `：${account.data.nickname}` : ''}` : '未绑定'}
          </Typography.Text>
        </Space>
        {account.data?.bound ? (
          <Popconfirm
            title="解除绑定后将不能用微信登录，确定解除？"
            okText="解除"
            cancelText="取消"
            onConfirm={async () => {
              await apiCall.delete('/wechat/account');
              void feedback.message.success('已解除绑定');
              refresh();
            }}
          >
            <Button danger>解除绑定</Button>
          </Popconfirm>
        ) : account.data?.available === false ? (
          <Typography.Text type="secondary">{WECHAT_LOGIN_MESSAGES.bindUnavailable}</Typography.Text>
        ) : (
          <Button icon={<WechatOutlined />} onClick={() => setOpen(true)}>
            绑定微信
          </Button>
        )}
      </Space>
      <BindDialog
        open={open}
        onClose={() => setOpen(false)}
        onDone={() => {
          setOpen(false);
          refresh();
        }}
      />
    </Card>
  );
}
