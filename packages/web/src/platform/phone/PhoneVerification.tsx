import { CheckCircleFilled } from '@ant-design/icons';
import { PHONE_MESSAGES, PHONE_PATTERN } from '@shetuan/shared';
import { Button, Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { feedback } from '../../app/feedback';
import { apiCall } from '../../app/typed-api';

/** The widget's value: the phone, and once the code is checked, the token a form submits with it. */
export interface PhoneVerificationValue {
  phoneNumber: string;
  phoneToken?: string;
}

const COUNTDOWN_SECONDS = 60;

/**
 * Phone verification (spec 000 §4, §9): a phone, 获取验证码 with a 60 s countdown, the code, and
 * 验证. The spec's messages; repeated sends bring the slide captcha (the request client handles
 * the 416). Checked, it shows 已验证 and holds the token the form submission proves the phone with.
 */
export function PhoneVerification({
  value,
  onChange,
  id,
  disabled,
}: {
  value?: PhoneVerificationValue;
  onChange?: (value: PhoneVerificationValue) => void;
  id?: string;
  disabled?: boolean;
}) {
  const [phone, setPhone] = useState(value?.phoneNumber ?? '');
  const [code, setCode] = useState('');
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  const verified = Boolean(value?.phoneToken) && value?.phoneNumber === phone;

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    if (!phone) return void feedback.message.error(PHONE_MESSAGES.required);
    if (!PHONE_PATTERN.test(phone)) return void feedback.message.error(PHONE_MESSAGES.sendInvalid);
    setBusy(true);
    try {
      await apiCall.get('/project/phone/code', { query: { phoneNumber: phone } });
      void feedback.message.success('验证码发送成功，5分钟内有效');
      setLeft(COUNTDOWN_SECONDS);
    } finally {
      setBusy(false);
    }
  };

  const check = async () => {
    if (!PHONE_PATTERN.test(phone)) return void feedback.message.error(PHONE_MESSAGES.invalid);
    if (!code.trim()) return void feedback.message.error('请输入验证码');
    setBusy(true);
    try {
      const res = await apiCall.post('/project/phone/code/check', { body: { phoneNumber: phone, code } });
      onChange?.({ phoneNumber: phone, phoneToken: res.phoneToken });
      void feedback.message.success('验证成功');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} id={id}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          placeholder="请输入手机号"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={14}
          value={phone}
          disabled={disabled}
          onChange={(e) => {
            setPhone(e.target.value.trim());
            onChange?.({ phoneNumber: e.target.value.trim() });
          }}
        />
        <Button disabled={disabled || left > 0} loading={busy && left === 0} onClick={() => void send()}>
          {left > 0 ? `${left} 秒后重新获取` : '获取验证码'}
        </Button>
      </Space.Compact>
      {verified ? (
        <Typography.Text type="success">
          <CheckCircleFilled /> 已验证
        </Typography.Text>
      ) : (
        <Space.Compact style={{ width: '100%' }}>
          <Input
            placeholder="请输入验证码"
            inputMode="numeric"
            maxLength={8}
            value={code}
            disabled={disabled}
            autoComplete="one-time-code"
            onChange={(e) => setCode(e.target.value.trim())}
          />
          <Button type="primary" disabled={disabled} loading={busy && left > 0} onClick={() => void check()}>
            验证
          </Button>
        </Space.Compact>
      )}
    </Space>
  );
}
