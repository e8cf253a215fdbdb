import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { LoginForm, ProFormText } from '@ant-design/pro-components';
import { Avatar, Button, Flex, Form, Spin, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { queryClient } from '../../../app/query-client';
import { session } from '../../../app/session';
import { PRIMARY } from '../../../app/theme';
import { authApi, authKeys, useVisitor } from '../api';
import { AuthShell } from '../components/AuthShell';
import { phoneRules, SmsCodeField } from '../components/SmsCodeField';
import { continueLogin, followVisitor } from '../flow';

type Mode = 'password' | 'sms';

/** /login and /societyLogin: password or SMS-code login, then the page-type flow. */
export function LoginScreen({
  title,
  forgetPath,
  registerPath,
}: {
  title: string;
  forgetPath: string;
  /** Where a visitor registers, on the login screens that offer it. */
  registerPath?: string;
}) {
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('password');
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
        submitter={{ searchConfig: { submitText: '登录' }, submitButtonProps: { size: 'large', block: true } }}
        onFinish={async (values: Record<string, string>) => {
          session.setEnterPath(window.location.pathname.replace(/^\/new/, ''));
          const data =
            mode === 'password'
              ? await authApi.passwordLogin({ login: values.login ?? '', password: values.password ?? '' })
              : await authApi.smsLogin({ phoneNumber: values.phoneNumber ?? '', code: values.code ?? '' });
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
          ]}
        />
        {mode === 'password' ? (
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
        <div style={{ marginBottom: 16, display: 'flex', justifyContent: registerPath ? 'space-between' : 'flex-end' }}>
          {registerPath && <Link to={registerPath}>没有账号？立即注册</Link>}
          <Link to={forgetPath}>忘记密码</Link>
        </div>
      </LoginForm>
    </AuthShell>
  );
}

export default function LoginPage() {
  return <LoginScreen title="账号登录" forgetPath="/forgetPassword" />;
}
