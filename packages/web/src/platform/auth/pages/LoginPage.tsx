import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import {
  LOGIN_SCREENS,
  type LoginScreenPath,
  WECHAT_LOGIN_MESSAGES,
  wechatPageTypeRoutes,
} from '@shetuan/shared/identity';
import { Alert, Button, Form, Spin, theme } from 'antd';
// Input and Password alone: antd's Input index brings TextArea, Search and OTP with it.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { queryClient } from '../../../app/query-client';
import { session } from '../../../app/session';
import { PRIMARY } from '../../../app/theme';
import { useWechatAvailable } from '../../wechat/availability';
import { bindScannedWechat, scannedWechat } from '../../wechat/scanned';
import { authApi, authKeys, useVisitor } from '../api';
import { AuthShell } from '../components/AuthShell';
import { LoginTabs } from '../components/LoginTabs';
import { phoneRules, SmsCodeInput } from '../components/SmsCodeInput';
import { continueLogin, followVisitor } from '../flow';

type Mode = 'password' | 'sms' | 'wechat';
/** The 微信登录 tab's own chunk: the QR code and its polling load only when the tab opens. */
const WechatLoginPanel = lazy(() => import('../../wechat/WechatLoginPanel'));

/**
 * /login and /societyLogin: password or SMS-code login, then the page-type flow. Plain antd (Form,
 * Input, Button and our LoginTabs): pro-components' LoginForm brought pro-form, pro-field and
 * through them the date pickers, tree, cascader and lodash to the login page (docs/performance.md).
 */
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
  const [submitting, setSubmitting] = useState(false);
  const tabsId = useId();
  const { token } = theme.useToken();
  useEffect(() => {
    if (visitor.data && !visitor.data.loggedIn) session.clear();
  }, [visitor.data]);

  if (hadSession && !switched && visitor.isPending) {
    return (
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '100vh' }}>
        <Spin size="large" />
      </div>
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
        <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 4 }}>
          {/* antd's Avatar in look, without Avatar (its group brings Popover). */}
          <span
            style={{
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              width: 56,
              height: 56,
              borderRadius: '50%',
              background: PRIMARY,
              color: '#fff',
              fontSize: 24,
            }}
          >
            {current.name.slice(0, 1)}
          </span>
          <strong style={{ fontSize: 16, fontWeight: 600, marginTop: 8 }}>{current.name}</strong>
          {current.mobile && <span style={{ color: token.colorTextSecondary }}>{current.mobile}</span>}
          {current.identity && (
            <span style={{ color: token.colorTextSecondary }}>
              当前身份：{current.identity.identityName}（{current.identity.companyName}）
            </span>
          )}
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 12, marginTop: 24 }}>
          <Button type="primary" size="large" block loading={busy} onClick={() => void continueAs()}>
            继续使用此账号
          </Button>
          <Button size="large" block onClick={() => void switchAccount()}>
            退出并登录其他账号
          </Button>
        </div>
      </AuthShell>
    );
  }

  const submit = async (values: Record<string, string | undefined>) => {
    // As pro-components' LoginForm did: one login at a time, the button spinning meanwhile; a
    // refusal is the request client's toast (or its captcha), the form stays as it was.
    if (submitting) return;
    setSubmitting(true);
    try {
      session.setEnterPath(window.location.pathname.replace(/^\/new/, ''));
      const data =
        mode === 'password'
          ? await authApi.passwordLogin({ login: values.login ?? '', password: values.password ?? '' })
          : await authApi.smsLogin({ phoneNumber: values.phoneNumber ?? '', code: values.code ?? '' });
      session.save(data);
      await bindScannedWechat();
      await continueLogin(data, go);
    } catch {
      // Answered already (see above).
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthShell title={title}>
      <div style={{ paddingInline: 32, paddingBlock: 24 }}>
        <Form
          form={form}
          layout="vertical"
          autoComplete="off"
          style={{ width: 328, maxWidth: '100%', margin: '0 auto' }}
          onFinish={(values: Record<string, string | undefined>) => void submit(values)}
        >
          <LoginTabs
            idBase={tabsId}
            active={mode}
            onChange={setMode}
            tabs={[
              { key: 'password', label: '密码登录' },
              { key: 'sms', label: '短信登录' },
              ...(wechatOff ? [] : [{ key: 'wechat' as const, label: '微信登录' }]),
            ]}
          >
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
                  <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
                    <Spin />
                  </div>
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
                <Form.Item name="login" rules={[{ required: true, message: '请输入账号' }]}>
                  <Input
                    size="large"
                    prefix={<UserOutlined />}
                    autoComplete="username"
                    placeholder="手机号或账号"
                    allowClear
                  />
                </Form.Item>
                <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
                  <Password size="large" prefix={<LockOutlined />} autoComplete="current-password" placeholder="密码" />
                </Form.Item>
              </>
            ) : (
              <>
                <Form.Item name="phoneNumber" rules={phoneRules}>
                  <Input
                    size="large"
                    prefix={<MobileOutlined />}
                    maxLength={14}
                    autoComplete="tel"
                    placeholder="手机号"
                    allowClear
                  />
                </Form.Item>
                <Form.Item name="code" rules={[{ required: true, message: '请输入验证码' }]}>
                  <SmsCodeInput form={form} purpose="login" checkPhoneField />
                </Form.Item>
              </>
            )}
          </LoginTabs>
          {mode !== 'wechat' && (
            <div
              style={{ marginBottom: 16, display: 'flex', justifyContent: registerPath ? 'space-between' : 'flex-end' }}
            >
              {registerPath && <Link to={registerPath}>没有账号？立即注册</Link>}
              <Link to={forgetPath}>忘记密码</Link>
            </div>
          )}
          <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 8, fontSize: 13 }}>
            <Link to="/accountActivation">首次登录？激活账号</Link>
            <Link to="/customerComplain">无法登录？人工申诉</Link>
          </div>
          {mode !== 'wechat' && (
            <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
              登录
            </Button>
          )}
        </Form>
      </div>
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
