import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { LoginForm, ProFormText } from '@ant-design/pro-components';
import { Alert, Button, Form, Space, Tabs } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { session } from '../../../app/session';
import { authApi } from '../api';
import { AuthShell } from '../components/AuthShell';
import { phoneRules, SmsCodeField } from '../components/SmsCodeField';
import { continueLogin } from '../flow';

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
  // Someone already logged in (with an identity) who opens the login page again: offer the console
  // or another account, and keep the form for the second.
  const [signedIn, setSignedIn] = useState(() => session.isLoggedIn() && Boolean(session.identityId()));
  const switchAccount = async () => {
    await authApi.logout().catch(() => undefined);
    session.clear();
    setSignedIn(false);
  };

  return (
    <AuthShell title={title}>
      {signedIn && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={`您已登录${session.mobile() ? `（${session.mobile()}）` : ''}`}
          description={
            <Space wrap style={{ marginTop: 8 }}>
              <Button type="primary" onClick={() => navigate('/')}>
                进入后台
              </Button>
              <Button onClick={() => void switchAccount()}>退出并登录其他账号</Button>
            </Space>
          }
        />
      )}
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
