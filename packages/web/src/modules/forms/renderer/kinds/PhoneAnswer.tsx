import { PhoneVerification, type PhoneVerificationValue } from '../../../../platform/phone/PhoneVerification';
import type { KindProps } from './types';

/** 手机验证 (PHONE_VERIFICATION): the number and the token of its SMS check. */
export default function PhoneAnswer({ value, onChange, disabled, id }: KindProps<PhoneVerificationValue>) {
  return <PhoneVerification id={id} value={value} onChange={onChange} disabled={disabled} />;
}
