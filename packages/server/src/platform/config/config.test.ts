import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '.';

describe('loadConfig', () => {
  it('has working defaults: port 3000, embedded database, demo data outside production', () => {
    const cfg = loadConfig({});
    expect(cfg.PORT).toBe(3000);
    expect(cfg.DATABASE_URL).toBeUndefined();
    expect(cfg.DATA_DIR).toMatch(/data$/);
    expect(cfg.seedDemo).toBe(true);
  });

  it('seeds nothing in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('offers the development WeChat provider only outside production, unless asked for', () => {
    expect(loadConfig({}).wechatProvider).toBe('dev');
    expect(loadConfig({ NODE_ENV: 'test' }).wechatProvider).toBe('dev');
    // Production: WeChat is unavailable unless a provider is named.
    expect(loadConfig({ NODE_ENV: 'production' }).wechatProvider).toBeNull();
    expect(loadConfig({ NODE_ENV: 'production', WECHAT_PROVIDER: 'dev' }).wechatProvider).toBe('dev');
    const open = {
      WECHAT_APP_ID: 'a',
      WECHAT_APP_SECRET: 'b',
      WECHAT_REDIRECT_URI: 'https://x.cn/st365/wechat/callback',
    };
    expect(loadConfig({ NODE_ENV: 'production', WECHAT_PROVIDER: 'open', ...open }).wechatProvider).toBe('open');
    expect(loadConfig({ WECHAT_PROVIDER: 'none' }).wechatProvider).toBeNull();
    expect(() => loadConfig({ WECHAT_PROVIDER: 'qq' })).toThrow(/WECHAT_PROVIDER="qq": 只能是 dev、open 或 none/);
  });

  it('names the variable of a bad value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT="70000": 不能大于 65535/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL="mysql:\/\/x"/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ SMS_PROVIDER: 'tencent', TENCENT_SMS_SECRET_ID: 'x' })).toThrow(
      /TENCENT_SMS_SECRET_KEY="": SMS_PROVIDER=tencent 时必须设置/,
    );
    expect(
      loadConfig({
        SMS_PROVIDER: 'aliyun',
        ALIYUN_SMS_ACCESS_KEY_ID: 'a',
        ALIYUN_SMS_ACCESS_KEY_SECRET: 'b',
        ALIYUN_SMS_SIGN_NAME: 'c',
        ALIYUN_SMS_TEMPLATE_CODE: 'd',
      }).SMS_PROVIDER,
    ).toBe('aliyun');
  });

  it('reads the notice templates, which are optional (notices without one are recorded as failed)', () => {
    const tencent = {
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_SECRET_ID: 'a',
      TENCENT_SMS_SECRET_KEY: 'b',
      TENCENT_SMS_SDK_APP_ID: 'c',
      TENCENT_SMS_SIGN_NAME: 'd',
      TENCENT_SMS_TEMPLATE_ID: 'e',
    };
    expect(loadConfig(tencent).TENCENT_SMS_NOTICE_TEMPLATE_ID).toBeUndefined();
    expect(loadConfig({ ...tencent, TENCENT_SMS_NOTICE_TEMPLATE_ID: '7654321' }).TENCENT_SMS_NOTICE_TEMPLATE_ID).toBe(
      '7654321',
    );
    expect(loadConfig({ ALIYUN_SMS_NOTICE_TEMPLATE_CODE: 'SMS_1' }).ALIYUN_SMS_NOTICE_TEMPLATE_CODE).toBe('SMS_1');
  });
});
