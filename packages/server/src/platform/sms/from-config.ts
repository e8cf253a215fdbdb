import type { AppConfig } from '../config';
import { AliyunSmsProvider } from './aliyun';
import { OutboxOnlyProvider, type SmsProvider } from './provider';
import { TencentSmsProvider } from './tencent';

/** The SMS provider the configuration names (loadConfig has checked its variables). */
export function smsProviderFromConfig(config: AppConfig, log: (line: string) => void): SmsProvider {
  switch (config.SMS_PROVIDER) {
    case 'aliyun':
      return new AliyunSmsProvider({
        accessKeyId: config.ALIYUN_SMS_ACCESS_KEY_ID ?? '',
        accessKeySecret: config.ALIYUN_SMS_ACCESS_KEY_SECRET ?? '',
        signName: config.ALIYUN_SMS_SIGN_NAME ?? '',
        templateCode: config.ALIYUN_SMS_TEMPLATE_CODE ?? '',
        noticeTemplateCode: config.ALIYUN_SMS_NOTICE_TEMPLATE_CODE,
      });
    case 'tencent':
      return new TencentSmsProvider({
        secretId: config.TENCENT_SMS_SECRET_ID ?? '',
        secretKey: config.TENCENT_SMS_SECRET_KEY ?? '',
        sdkAppId: config.TENCENT_SMS_SDK_APP_ID ?? '',
        signName: config.TENCENT_SMS_SIGN_NAME ?? '',
        templateId: config.TENCENT_SMS_TEMPLATE_ID ?? '',
        noticeTemplateId: config.TENCENT_SMS_NOTICE_TEMPLATE_ID,
        ...(config.TENCENT_SMS_REGION ? { region: config.TENCENT_SMS_REGION } : {}),
      });
    default:
      return new OutboxOnlyProvider(log);
  }
}
