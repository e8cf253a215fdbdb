import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { LoginForm, ProFormText } from '@ant-design/pro-components';
import {
  LOGIN_SCREENS,
  type LoginScreenPath,
  WECHAT_LOGIN_MESSAGES,
  wechatPageTypeRoutes,
} from '@shetuan/shared/identity';
import { Alert, Avatar, Button, Flex, Form, Spin, Tabs, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { queryClient } from '../../../app/query-client';
import { session } from '../../../app/session';
import { PRIMARY } from '../../../app/theme';
import { useWechatAvailable } from '../../wechat/availability';
import { bindScannedWechat, scannedWechat } from '../../wechat/scanned';
import { authApi, authKeys, useVisitor } from '../api';
import { AuthShell } from '../components/AuthShell';
import { phoneRules, SmsCodeField } from '../components/SmsCodeField';
import { continueLogin, followVisitor } from '../flow';

type Mode = 'password' | 'sms' | 'wechat';
/** The 微信登录 tab's own chunk: the QR code and its polling load only when the tab opens. */
const WechatLoginPanel = lazy(() => import('../../wechat/WechatLoginPanel'));

/** /login and /societyLogin: password or SMS-code login, then the page-type flow. */
export function LoginScreen({
  title,
  forgetPath,
  registerPath,
  tab = 'password',
}: {
  title: string;
  forgetPath: string;
  /** Where a visitor registers, on the login screens that offer it. */
  registerPath?: string;
  /** The tab it opens on (/wxlogin: 微信登录). */
  tab?: Mode;
}) {
  const navigate = useNavigate();
  const [chosen, setMode] = useState<Mode>(tab);
  // Without a WeChat provider on this server (production without one) the tab is not offered.
  const wechatOff = useWechatAvailable() === false;
  const mode: Mode = wechatOff && chosen === 'wechat' ? 'password' : chosen;
  // 登录并绑定: a WeChat account scanned here but bound to nobody, bound once the person logs in.
  const [toBind, setToBind] = useState(scannedWechat.get);
  const [form] = Form.useForm();
  const go = (path: string) => navigate(path);
  // A browser that holds a login opens the login page: the server says whether it still holds
  // (GET /auth/visitor). A live one is offered to continue, or to leave for another account, and
  // the form shows only then; a stale one is forgotten quietly (README: "/login while logged in").
  const [hadSession] = useState(() => session.isLoggedIn());
  const [switched, setSwitched] = useState(false);
  const visitor = useVisitor(hadSession && !switched);
  const current = hadSession && !switched && visitor.data?.loggedIn ? visitor.data : null;
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (visitor.data && !visitor.data.loggedIn) session.clear();
  }, [visitor.data]);

  if (hadSession && !switched && visitor.isPending) {
    return (
      <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
        <Spin size="large" />
      </Flex>
    );
  }
  if (current?.next) {
    const next = current.next;
    const continueAs = async () => {
      setBusy(true);
      try {
        await followVisitor(next, go);
      } finally {
        setBusy(false);
      }
    };
    const switchAccount = async () => {
      await authApi.logout().catch(() => undefined);
      session.clear();
      queryClient.removeQueries({ queryKey: authKeys.all });
      setSwitched(true);
    };
    return (
      <AuthShell title="您已登录">
        <Flex vertical align="center" gap={4}>
          <Avatar size={56} style={{ background: PRIMARY, fontSize: 24 }}>
            {current.name.slice(0, 1)}
          </Avatar>
          <Typography.Text strong style={{ fontSize: 16, marginTop: 8 }}>
            {current.name}
          </Typography.Text>
          {current.mobile && <Typography.Text type="secondary">{current.mobile}</Typography.Text>}
          {current.identity && (
            <Typography.Text type="secondary">
              当前身份：{current.identity.identityName}（{current.identity.companyName}）
            </Typography.Text>
          )}
        </Flex>
        <Flex vertical gap={12} style={{ marginTop: 24 }}>
          <Button type="primary" size="large" block loading={busy} onClick={() => void continueAs()}>
            继续使用此账号
          </Button>
          <Button size="large" block onClick={() => void switchAccount()}>
            退出并登录其他账号
          </Button>
        </Flex>
      </AuthShell>
    );
  }

  return (
    <AuthShell title={title}>
      <LoginForm
        form={form}
        contentStyle={{ minWidth: 0, maxWidth: '100%' }}
        submitter={
          mode === 'wechat'
            ? false
            : { searchConfig: { submitText: '登录' }, submitButtonProps: { size: 'large', block: true } }
        }
        onFinish={async (values: Record<string, string>) => {
          session.setEnterPath(window.location.pathname.replace(/^\/new/, ''));
          const data =
            mode === 'password'
              ? await authApi.passwordLogin({ login: values.login ?? '', password: values.password ?? '' })
              : await authApi.smsLogin({ phoneNumber: values.phoneNumber ?? '', code: values.code ?? '' });
          session.save(data);
          await bindScannedWechat();
          await continueLogin(data, go);
          return true;
        }}
      >
        <Tabs
          centered
          activeKey={mode}
          onChange={(key) => setMode(key as Mode)}
          items={[
            { key: 'password', label: '密码登录' },
            { key: 'sms', label: '短信登录' },
            ...(wechatOff ? [] : [{ key: 'wechat', label: '微信登录' }]),
          ]}
        />
        {wechatOff && tab === 'wechat' && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={WECHAT_LOGIN_MESSAGES.unavailable} />
        )}
        {toBind && mode !== 'wechat' && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={`登录后将绑定刚才扫码的微信${toBind.nickname ? `（${toBind.nickname}）` : ''}`}
            action={
              <Button
                size="small"
                type="link"
                onClick={() => {
                  scannedWechat.clear();
                  setToBind(null);
                }}
              >
                不绑定
              </Button>
            }
          />
        )}
        {mode === 'wechat' ? (
          <Suspense
            fallback={
              <Flex justify="center" style={{ padding: 48 }}>
                <Spin />
              </Flex>
            }
          >
            <WechatLoginPanel
              onLoggedIn={async (data) => {
                session.setEnterPath(window.location.pathname.replace(/^\/new/, ''));
                await continueLogin(data, go, wechatPageTypeRoutes);
              }}
              onBindWithLogin={(ticket) => {
                scannedWechat.set(ticket);
                setToBind(ticket);
                setMode('password');
              }}
            />
          </Suspense>
        ) : mode === 'password' ? (
          <>
            <ProFormText
              name="login"
              fieldProps={{ size: 'large', prefix: <UserOutlined />, autoComplete: 'username' }}
              placeholder="手机号或账号"
              rules={[{ required: true, message: '请输入账号' }]}
            />
            <ProFormText.Password
              name="password"
              fieldProps={{ size: 'large', prefix: <LockOutlined />, autoComplete: 'current-password' }}
              placeholder="密码"
              rules={[{ required: true, message: '请输入密码' }]}
            />
          </>
        ) : (
          <>
            <ProFormText
              name="phoneNumber"
              fieldProps={{ size: 'large', prefix: <MobileOutlined />, maxLength: 14, autoComplete: 'tel' }}
              placeholder="手机号"
              rules={phoneRules}
            />
            <SmsCodeField form={form} purpose="login" />
          </>
        )}
        {mode !== 'wechat' && (
          <div
            style={{ marginBottom: 16, display: 'flex', justifyContent: registerPath ? 'space-between' : 'flex-end' }}
          >
            {registerPath && <Link to={registerPath}>没有账号？立即注册</Link>}
            <Link to={forgetPath}>忘记密码</Link>
          </div>
        )}
        <Flex justify="space-between" style={{ marginBottom: 8, fontSize: 13 }}>
          <Link to="/accountActivation">首次登录？激活账号</Link>
          <Link to="/customerComplain">无法登录？人工申诉</Link>
        </Flex>
      </LoginForm>
    </AuthShell>
  );
}

/** A login screen by its path (LOGIN_SCREENS: /login, /log, /wxlogin, /societyLogin). */
export function loginScreen(path: LoginScreenPath) {
  const config: { title: string; forgetPath: string; registerPath?: string; tab: Mode } = LOGIN_SCREENS[path];
  return function ConfiguredLoginPage() {
    return <LoginScreen {...config} />;
  };
}

export default loginScreen('/login');
