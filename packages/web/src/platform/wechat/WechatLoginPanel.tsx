import { WechatOutlined } from '@ant-design/icons';
import { type TLoginData, type TWechatLoginTicket, WECHAT_LOGIN_MESSAGES } from '@shetuan/shared/identity';
import { Button, Flex, QRCode, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { feedback } from '../../app/feedback';
import { ApiError } from '../../app/request';
import { type ApiData, apiCall } from '../../app/typed-api';

/** The spec: poll once a second; 9999 on creation stops. */
const POLL_MS = 1000;
const QR_FAILED = 9999;

type Phase = 'loading' | 'waiting' | 'expired' | 'unbound' | 'stopped';
type PollAnswer = ApiData<'post', '/wechat/login/poll'>;

/**
 * The 微信登录 tab (/wxlogin): a QR code of 160 px, level H (development), or WeChat's own QR page
 * in a frame (the Open Platform). Polled once a second until the scan: a bound account logs in
 * (`onLoggedIn`), an account bound to nobody is said to be so and offered 登录并绑定
 * (`onBindWithLogin`), and an expired code is refreshed by a click.
 */
export default function WechatLoginPanel({
  onLoggedIn,
  onBindWithLogin,
}: {
  onLoggedIn: (data: TLoginData) => Promise<void>;
  onBindWithLogin: (ticket: TWechatLoginTicket & { nickname: string }) => void;
}) {
  const [qr, setQr] = useState<ApiData<'post', '/wechat/login/qr'> | null>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [nickname, setNickname] = useState('');
  const [attempt, setAttempt] = useState(0);
  const done = useRef(onLoggedIn);
  done.current = onLoggedIn;

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt starts a new QR code (刷新)
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setPhase('loading');
    setQr(null);
    const started = Date.now();
    const poll = async (ticket: TWechatLoginTicket, expiresIn: number) => {
      if (stopped) return;
      if ((Date.now() - started) / 1000 > expiresIn) return setPhase('expired');
      let answer: PollAnswer;
      try {
        answer = await apiCall.post('/wechat/login/poll', { body: ticket }, { silent: true, persistent: true });
      } catch (err) {
        if (stopped) return;
        // A refusal with a reason (a disabled account) is said; the code is spent either way.
        if (err instanceof ApiError && err.message && err.message !== WECHAT_LOGIN_MESSAGES.expired)
          void feedback.message.error(err.message, 5);
        return setPhase('expired');
      }
      if (stopped) return;
      if (answer.code === 'success' && answer.login) {
        setPhase('stopped');
        await done.current(answer.login).catch(() => setPhase('expired'));
        return;
      }
      if (answer.code === 'unbound') {
        setNickname(answer.nickname);
        return setPhase('unbound');
      }
      if (answer.code === 'expired') return setPhase('expired');
      timer = setTimeout(() => void poll(ticket, expiresIn), POLL_MS);
    };
    apiCall
      .post('/wechat/login/qr', {}, { silent: true, persistent: true })
      .then((res) => {
        if (stopped) return;
        setQr(res);
        setPhase('waiting');
        timer = setTimeout(() => void poll({ uuid: res.uuid, pollKey: res.pollKey }, res.expiresIn), POLL_MS);
      })
      .catch((err: unknown) => {
        if (stopped) return;
        setPhase('stopped');
        void feedback.message.error(
          err instanceof ApiError && err.code === QR_FAILED ? err.message : WECHAT_LOGIN_MESSAGES.qrFailed,
        );
      });
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [attempt]);

  const refresh = () => setAttempt((n) => n + 1);

  if (phase === 'unbound' && qr) {
    return (
      <Flex vertical align="center" gap={12} style={{ padding: '8px 0 16px', textAlign: 'center' }}>
        <WechatOutlined style={{ fontSize: 40, color: '#07c160' }} />
        <Typography.Text strong style={{ fontSize: 16 }}>
          {WECHAT_LOGIN_MESSAGES.unbound}
        </Typography.Text>
        {nickname && <Typography.Text type="secondary">微信：{nickname}</Typography.Text>}
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {WECHAT_LOGIN_MESSAGES.unboundHint}
        </Typography.Paragraph>
        <Button
          type="primary"
          size="large"
          block
          onClick={() => onBindWithLogin({ uuid: qr.uuid, pollKey: qr.pollKey, nickname })}
        >
          登录并绑定
        </Button>
        <Button size="large" block onClick={refresh}>
          重新扫码
        </Button>
      </Flex>
    );
  }

  const expired = phase === 'expired';
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '8px 0 16px' }}>
      {qr?.frameUrl && !expired ? (
        <iframe
          title="微信扫码登录"
          src={qr.frameUrl}
          style={{ width: 300, height: 400, border: 0 }}
          sandbox="allow-scripts allow-same-origin allow-top-navigation"
        />
      ) : (
        <QRCode
          aria-label="微信登录二维码"
          value={qr?.qrContent ?? '-'}
          size={160}
          errorLevel="H"
          status={phase === 'loading' ? 'loading' : expired || phase === 'stopped' ? 'expired' : 'active'}
          onRefresh={refresh}
        />
      )}
      <Typography.Text type={expired ? 'danger' : 'secondary'}>
        {expired ? WECHAT_LOGIN_MESSAGES.expired : WECHAT_LOGIN_MESSAGES.waiting}
      </Typography.Text>
      {expired && qr?.frameUrl && <Button onClick={refresh}>刷新二维码</Button>}
      {qr?.qrContent?.includes('/new/wechatDevLogin') && phase === 'waiting' && (
        <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
          开发环境：
          <Typography.Link href={qr.qrContent} target="_blank" rel="noopener">
            打开二维码地址
          </Typography.Link>
          ，以本人账号确认
        </Typography.Text>
      )}
    </Flex>
  );
}
