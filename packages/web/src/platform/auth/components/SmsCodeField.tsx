import { ProFormCaptcha } from '@ant-design/pro-components';
import { PHONE_MESSAGES, PHONE_PATTERN } from '@shetuan/shared';
import type { FormInstance } from 'antd';
import { feedback } from '../../../app/feedback';
import { authApi } from '../api';

/** The code field with its send button: 60 s countdown after a send (spec 000 §4). */
export function SmsCodeField({
  form,
  phoneField = 'phoneNumber',
  purpose,
}: {
  form?: FormInstance | undefined;
  phoneField?: string;
  purpose: 'login' | 'reset' | 'bind' | 'change' | 'register';
}) {
  return (
    <ProFormCaptcha
      name="code"
      phoneName={phoneField}
      placeholder="请输入验证码"
      countDown={60}
      captchaTextRender={(timing, count) => (timing ? `${count} 秒后重新获取` : '获取验证码')}
      fieldProps={{ size: 'large', maxLength: 8, autoComplete: 'one-time-code' }}
      rules={[{ required: true, message: '请输入验证码' }]}
      onGetCaptcha={async (phone) => {
        const value = String(phone ?? form?.getFieldValue(phoneField) ?? '');
        if (!PHONE_PATTERN.test(value)) {
          void feedback.message.error(PHONE_MESSAGES.sendInvalid);
          throw new Error(PHONE_MESSAGES.sendInvalid);
        }
        await authApi.sendCode({ phoneNumber: value, purpose });
        void feedback.message.success('验证码发送成功，5分钟内有效');
      }}
    />
  );
}

/** The phone field's rules (kept beside the plain code input, which has no pro-components). */
export { phoneRules } from './SmsCodeInput';
