import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { normalisePhone, PASSWORD_MIN_MESSAGE } from '@shetuan/shared';
import { ACTIVATION_SCREENS, type ActivationScreenPath } from '@shetuan/shared/identity';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { feedback } from '../../../app/feedback';
import { session } from '../../../app/session';
import { authApi } from '../api';
import { AuthShell } from '../components/AuthShell';
import { phoneRules, SmsCodeInput } from '../components/SmsCodeInput';
import { continueLogin, FIRST_LOGIN_KEY } from '../flow';

interface Values {
  phoneNumber: string;
  code: string;
  password: string;
  confirm: string;
}

/**
 * /accountActivation and /account/validate (ACTIVATION_SCREENS): a person an administrator or an
 * import created, without a password of their own, proves the phone with an SMS code and sets a
 * password; activation logs them in and the login goes on as any other (the status check). The
 * phone may come in the address (?phone=), as an invitation link would carry it.
 */
function ActivationScreen({ title, loginPath }: { title: string; loginPath: string }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const phone = search.get('phone') ?? '';

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      const data = await authApi.activate({
        phoneNumber: values.phoneNumber,
        code: values.code,
        password: values.password,
      });
      void feedback.message.success('账号激活成功');
      session.setEnterPath(loginPath);
      // The account's first login: the details the tenant requires come before the console.
      sessionStorage.setItem(FIRST_LOGIN_KEY, '1');
      await continueLogin(data, (path) => navigate(path));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell title={title}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="由管理员添加或批量导入的账号，首次使用前请用本人手机号激活并设置登录密码。"
      />
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ phoneNumber: phone ? normalisePhone(phone) : '' }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="phoneNumber" label="手机号" rules={phoneRules}>
          <Input size="large" prefix={<MobileOutlined />} maxLength={14} autoComplete="tel" placeholder="手机号" />
        </Form.Item>
        <Form.Item name="code" label="验证码" rules={[{ required: true, message: '请输入验证码' }]}>
          <SmsCodeInput form={form} purpose="activate" />
        </Form.Item>
        <Form.Item
          name="password"
          label="设置密码"
          rules={[
            { required: true, message: '请输入新密码' },
            { min: 6, message: PASSWORD_MIN_MESSAGE },
          ]}
        >
          <Input.Password size="large" prefix={<LockOutlined />} autoComplete="new-password" placeholder="新密码" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认密码"
          dependencies={['password']}
          rules={[
            { required: true, message: '请再次输入密码' },
            ({ getFieldValue }) => ({
              validator: (_, v?: string) =>
                !v || v === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('两次输入的密码不一致')),
            }),
          ]}
        >
          <Input.Password size="large" prefix={<LockOutlined />} autoComplete="new-password" placeholder="确认密码" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          激活并登录
        </Button>
      </Form>
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <Link to={loginPath}>已激活？返回登录</Link>
      </div>
    </AuthShell>
  );
}

/** The activation screen of a path (ACTIVATION_SCREENS). */
export function activationScreen(path: ActivationScreenPath) {
  const config = ACTIVATION_SCREENS[path];
  return function ConfiguredActivationPage() {
    return <ActivationScreen {...config} />;
  };
}
