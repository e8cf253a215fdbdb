export { AliyunSmsProvider } from './aliyun';
export { CODE_CHECK_MESSAGES, type CodeCheck, consumeVerificationCode, SMS_CODE, sendVerificationCode } from './codes';
export { smsProviderFromConfig } from './from-config';
export {
  notifyIdentityBySms,
  notifyUserBySms,
  queueSmsNotice,
  SMS_JOBS,
  SMS_NOTICE_ATTEMPTS,
  SMS_NOTICE_JOB,
} from './notice';
export { consumePhoneToken, phoneVerificationRoutes } from './phone-verification';
export {
  OutboxOnlyProvider,
  type SmsMessage,
  type SmsProvider,
  type SmsResult,
  type SmsTemplate,
} from './provider';
export { smsRoutes } from './routes';
export { sendTenantCode } from './send';
export { phoneVerifications, smsCodes, smsOutbox } from './tables';
export { TencentSmsProvider } from './tencent';
