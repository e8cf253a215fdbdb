import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { ProForm, ProFormText } from '@ant-design/pro-components';
import { PASSWORD_MIN_MESSAGE } from '@shetuan/shared';
import { Form, Result } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { feedback } from '../../../app/feedback';
import { authApi } from '../api';
import { AuthShell } from '../components/AuthShell';
import { phoneRules, SmsCodeField } from '../components/SmsCodeField';

type Values = { name: string; phoneNumber: string; code: string; password: string; confirm: string };

/**
 * /societyRegister: a visitor registers with the society of the domain, proving the phone by SMS.
 * The society's setting decides whether the account waits for review (/user-audit) or is active.
 */
export default function SocietyRegisterPage() {
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [done, setDone] = useState<{ msg: string; pending: boolean } | null>(null);
  if (done) {
    return (
      <AuthShell title="注册">
        <Result
          status={done.pending ? 'info' : 'success'}
          title={done.pending ? '注册成功，等待审核' : '注册成功'}
          subTitle={done.msg}
          extra={
            <Link to="/societyLogin" replace>
              去登录
            </Link>
          }
        />
      </AuthShell>
    );
  }
  return (
    <AuthShell title="注册">
      <ProForm<Values>
        form={form}
        submitter={{
          searchConfig: { submitText: '注册' },
          resetButtonProps: false,
          submitButtonProps: { block: true, size: 'large' },
        }}
        onFinish={async ({ confirm: _, ...values }) => {
          const res = await authApi.register(values);
          const msg = res.pending
            ? res.existed
              ? '注册成功，沿用该手机号原有密码，请等待管理员审核'
              : '注册成功，请等待管理员审核'
            : res.existed
              ? '注册成功，沿用该手机号原有密码，请登录'
              : '注册成功，请登录';
          if (res.pending) setDone({ msg, pending: true });
          else {
            void feedback.message.success(msg);
            void navigate('/societyLogin', { replace: true });
          }
          return true;
        }}
      >
        <ProFormText
          name="name"
          placeholder="姓名"
          fieldProps={{ size: 'large', prefix: <UserOutlined />, maxLength: 30, autoComplete: 'name' }}
          rules={[{ required: true, message: '请输入姓名' }]}
        />
        <ProFormText
          name="phoneNumber"
          placeholder="手机号"
          fieldProps={{ size: 'large', prefix: <MobileOutlined />, maxLength: 14, autoComplete: 'tel' }}
          rules={phoneRules}
        />
        <SmsCodeField form={form} purpose="register" />
        <ProFormText.Password
          name="password"
          placeholder="设置密码"
          fieldProps={{ size: 'large', prefix: <LockOutlined />, autoComplete: 'new-password' }}
          rules={[
            { required: true, message: '请输入密码' },
            { min: 6, message: PASSWORD_MIN_MESSAGE },
          ]}
        />
        <ProFormText.Password
          name="confirm"
          placeholder="确认密码"
          dependencies={['password']}
          fieldProps={{ size: 'large', prefix: <LockOutlined />, autoComplete: 'new-password' }}
          rules={[
            { required: true, message: '请再次输入密码' },
            ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
              validator: async (_: unknown, value: string) => {
                if (value && value !== getFieldValue('password')) throw new Error('两次输入的密码不一致');
              },
            }),
          ]}
        />
      </ProForm>
      <div style={{ textAlign: 'center' }}>
        已有账号？<Link to="/societyLogin">去登录</Link>
      </div>
    </AuthShell>
  );
}
