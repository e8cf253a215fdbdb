import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { ProForm, ProFormText } from '@ant-design/pro-components';
import { PASSWORD_MIN_MESSAGE } from '@shetuan/shared';
import { Form } from 'antd';
import { Link, useNavigate } from 'react-router';
import { feedback } from '../../../app/feedback';
import { authApi } from '../api';
import { AuthShell } from '../components/AuthShell';
import { phoneRules, SmsCodeField } from '../components/SmsCodeField';

/** /forgetPassword, /forget/password, /societyForgetPassword: reset the password by SMS code. */
export function ForgetPasswordScreen({ loginPath }: { loginPath: string }) {
  const navigate = useNavigate();
  const [form] = Form.useForm();
  return (
    <AuthShell title="找回密码">
      <ProForm
        form={form}
        submitter={{
          searchConfig: { submitText: '重置密码' },
          resetButtonProps: false,
          submitButtonProps: { block: true, size: 'large' },
        }}
        onFinish={async (values: { phoneNumber: string; code: string; newPassword: string }) => {
          await authApi.forgotPassword(values);
          void feedback.message.success('密码已重置，请使用新密码登录');
          void navigate(loginPath);
          return true;
        }}
      >
        <ProFormText
          name="phoneNumber"
          placeholder="手机号"
          fieldProps={{ size: 'large', prefix: <MobileOutlined />, maxLength: 14 }}
          rules={phoneRules}
        />
        <SmsCodeField form={form} purpose="reset" />
        <ProFormText.Password
          name="newPassword"
          placeholder="新密码"
          fieldProps={{ size: 'large', prefix: <LockOutlined />, autoComplete: 'new-password' }}
          rules={[
            { required: true, message: '请输入新密码' },
            { min: 6, message: PASSWORD_MIN_MESSAGE },
          ]}
        />
      </ProForm>
      <div style={{ textAlign: 'center' }}>
        <Link to={loginPath}>返回登录</Link>
      </div>
    </AuthShell>
  );
}

export default function ForgetPasswordPage() {
  return <ForgetPasswordScreen loginPath="/login" />;
}

export function SocietyForgetPasswordPage() {
  return <ForgetPasswordScreen loginPath="/societyLogin" />;
}
