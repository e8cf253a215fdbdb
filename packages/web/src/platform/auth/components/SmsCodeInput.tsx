import { SafetyOutlined } from '@ant-design/icons';
import { PHONE_MESSAGES, PHONE_PATTERN } from '@shetuan/shared';
import type { TSmsPurpose } from '@shetuan/shared/identity';
import { Button, type FormInstance } from 'antd';
// Input alone: antd's Input index brings TextArea, Search and OTP with it (the login page).
import Input from 'antd/es/input/Input';
// Space.Compact alone: the Space index is one more chunk on the login page.
import Compact from 'antd/es/space/Compact';
import { useEffect, useState } from 'react';
import { feedback } from '../../../app/feedback';
import { authApi } from '../api';

const COUNTDOWN_SECONDS = 60;

/** The phone field's rules: 请输入手机号, 请输入正确的手机号. */
export const phoneRules = [
  { required: true, message: PHONE_MESSAGES.required },
  { pattern: PHONE_PATTERN, message: PHONE_MESSAGES.invalid },
];

/**
 * The code field with its send button for plain antd forms (the login-side pages that keep
 * pro-components out of their chunk): 60 s countdown after a send (spec 000 §4), the spec's
 * messages; repeated sends bring the slide captcha (the request client handles the 416).
 */
export function SmsCodeInput({
  form,
  phoneField = 'phoneNumber',
  purpose,
  value,
  onChange,
  id,
  checkPhoneField = false,
}: {
  form: FormInstance;
  phoneField?: string;
  purpose: TSmsPurpose;
  /**
   * Validates the phone field first, its rules' messages under it (请输入手机号, 请输入正确的手机号),
   * instead of a toast: the login page's behaviour, as pro-components' ProFormCaptcha had it.
   */
  checkPhoneField?: boolean;
  value?: string;
  onChange?: (v: string) => void;
  id?: string;
}) {
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    if (checkPhoneField) {
      const valid = await form.validateFields([phoneField]).then(
        () => true,
        () => false,
      );
      if (!valid) return;
    }
    const phone = String(form.getFieldValue(phoneField) ?? '').trim();
    if (!phone) return void feedback.message.error(PHONE_MESSAGES.required);
    if (!PHONE_PATTERN.test(phone)) return void feedback.message.error(PHONE_MESSAGES.sendInvalid);
    setBusy(true);
    try {
      await authApi.sendCode({ phoneNumber: phone, purpose });
      void feedback.message.success('验证码发送成功，5分钟内有效');
      setLeft(COUNTDOWN_SECONDS);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Compact style={{ width: '100%' }}>
      <Input
        id={id}
        size="large"
        prefix={<SafetyOutlined />}
        placeholder="请输入验证码"
        maxLength={8}
        autoComplete="one-time-code"
        value={value}
        onChange={(e) => onChange?.(e.target.value.trim())}
      />
      <Button size="large" disabled={left > 0} loading={busy} onClick={() => void send()}>
        {left > 0 ? `${left} 秒后重新获取` : '获取验证码'}
      </Button>
    </Compact>
  );
}
