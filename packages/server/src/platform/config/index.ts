import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: packages/server/src/platform/config -> ../../../../.. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

const ZBool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'], { error: '只能是 1/0/true/false/yes/no' })
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const SMS_REQUIRED = {
  aliyun: [
    'ALIYUN_SMS_ACCESS_KEY_ID',
    'ALIYUN_SMS_ACCESS_KEY_SECRET',
    'ALIYUN_SMS_SIGN_NAME',
    'ALIYUN_SMS_TEMPLATE_CODE',
  ],
  tencent: [
    'TENCENT_SMS_SECRET_ID',
    'TENCENT_SMS_SECRET_KEY',
    'TENCENT_SMS_SDK_APP_ID',
    'TENCENT_SMS_SIGN_NAME',
    'TENCENT_SMS_TEMPLATE_ID',
  ],
} as const;

const ZConfigFields = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: '只能是 development、production 或 test' })
    .default('development'),
  PORT: z.coerce
    .number({ error: '必须是端口号' })
    .int('必须是整数')
    .min(0, '不能小于 0')
    .max(65535, '不能大于 65535')
    .default(3000),
  HOST: z.string().min(1, '不能为空').default('0.0.0.0'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: '只能是 fatal、error、warn、info、debug、trace 或 silent',
    })
    .default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, '必须是 postgres:// 或 postgresql:// 开头的连接串')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: '必须是数字' })
    .int('必须是整数')
    .min(1, '至少为 1')
    .max(200, '不能大于 200')
    .default(10),
  DATA_DIR: z.string().min(1, '不能为空').default(path.join(repoRoot, 'data')),
  WEB_DIST: z.string().min(1, '不能为空').default(path.join(repoRoot, 'packages/web/dist')),
  /** Seed demo data into an empty database at start. Defaults to on except in production. */
  SEED_DEMO: ZBool.optional(),
  /** Validate every response against its zod schema (default: on except in production). */
  RESPONSE_VALIDATION: ZBool.optional(),
  /** Where SMS go: dev records them in the outbox and the log only. */
  SMS_PROVIDER: z.enum(['dev', 'aliyun', 'tencent'], { error: '只能是 dev、aliyun 或 tencent' }).default('dev'),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
  /** The notice template (one variable, ${content}); without it notices are recorded as failed. */
  ALIYUN_SMS_NOTICE_TEMPLATE_CODE: z.string().optional(),
  TENCENT_SMS_SECRET_ID: z.string().optional(),
  TENCENT_SMS_SECRET_KEY: z.string().optional(),
  TENCENT_SMS_SDK_APP_ID: z.string().optional(),
  TENCENT_SMS_SIGN_NAME: z.string().optional(),
  TENCENT_SMS_TEMPLATE_ID: z.string().optional(),
  /** The notice template (one variable, {1}); without it notices are recorded as failed. */
  TENCENT_SMS_NOTICE_TEMPLATE_ID: z.string().optional(),
  TENCENT_SMS_REGION: z.string().optional(),
  /** Where uploads go: local (DATA_DIR/files, the embedded default) or s3 (any S3-compatible service). */
  FILE_STORAGE: z.enum(['local', 's3'], { error: '只能是 local 或 s3' }).default('local'),
  S3_ENDPOINT: z.string().url('必须是网址').optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  /** The separate storage base of tenant custom type 14 (spec 000 §6); the main bucket when absent. */
  S3_BUCKET_INDEPENDENT: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: ZBool.default(true),
  /**
   * Which proxies' X-Forwarded-For to believe for the client address: 'loopback' (a reverse proxy
   * on the same machine, the default), a comma-separated list of addresses or CIDRs, or 'none'.
   */
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .transform((v) => (v === 'none' ? false : v)),
  /**
   * WeChat login and binding: open (WeChat Open Platform), dev (the development stand-in: a QR code
   * anyone logged in "scans" at /wechatDevLogin, /wechatDevConfirm) or none. Unset: dev outside
   * production, none in production (the development routes then do not exist); see wechatProvider.
   */
  WECHAT_PROVIDER: z.enum(['dev', 'open', 'none'], { error: '只能是 dev、open 或 none' }).optional(),
  /** AMap (高德) Web JS API key and security code for the map-location widget; without one it takes an address. */
  AMAP_KEY: z.string().default(''),
  AMAP_SECURITY_CODE: z.string().default(''),
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  /** Where WeChat sends the person back: https://{domain}/st365/wechat/callback */
  WECHAT_REDIRECT_URI: z.string().url('必须是网址').optional(),
  /**
   * The key (32 bytes, base64) that seals payment providers' secrets in the database. Without it a
   * key is made once in DATA_DIR/keys/payment-secret.key (fine on one machine; set it for several).
   */
  PAYMENT_SECRET_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, '必须是 32 字节密钥的 base64')
    .optional(),
  /** Offer the development payment provider (模拟支付); defaults to on except in production. */
  PAYMENT_DEV_PROVIDER: ZBool.optional(),
  /**
   * Redis (redis://…), optional: with PostgreSQL, accepted request signatures are recorded there
   * instead of in the database, so a GET writes nothing to PostgreSQL (platform/auth/replay.ts).
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, '必须以 redis:// 或 rediss:// 开头')
    .optional(),
  /** Run the background job worker in this process (off for API tests, which drive it by hand). */
  JOB_WORKER: ZBool.default(true),
  /** Seconds to wait for in-flight requests on SIGTERM/SIGINT before exiting anyway. */
  SHUTDOWN_GRACE_SECONDS: z.coerce
    .number({ error: '必须是数字' })
    .min(0, '不能小于 0')
    .max(600, '不能大于 600')
    .default(10),
});

const ZConfig = ZConfigFields.superRefine((cfg, ctx) => {
  if (cfg.FILE_STORAGE === 's3') {
    for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!cfg[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'FILE_STORAGE=s3 时必须设置' });
    }
  }
  if (cfg.WECHAT_PROVIDER === 'open') {
    for (const name of ['WECHAT_APP_ID', 'WECHAT_APP_SECRET', 'WECHAT_REDIRECT_URI'] as const) {
      if (!cfg[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'WECHAT_PROVIDER=open 时必须设置' });
    }
  }
  if (cfg.SMS_PROVIDER === 'dev') return;
  for (const name of SMS_REQUIRED[cfg.SMS_PROVIDER]) {
    if (!cfg[name])
      ctx.addIssue({ code: 'custom', path: [name], message: `SMS_PROVIDER=${cfg.SMS_PROVIDER} 时必须设置` });
  }
});

export type AppConfig = z.output<typeof ZConfig> & {
  seedDemo: boolean;
  responseValidation: boolean;
  paymentDevProvider: boolean;
  /** The WeChat provider in use; null: WeChat login and binding are unavailable (wechatProviderName). */
  wechatProvider: 'dev' | 'open' | null;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment; a bad value throws a message that names the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const input = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZConfig.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '?');
      return `  ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`配置错误，请检查环境变量：\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  const production = cfg.NODE_ENV === 'production';
  return {
    ...cfg,
    seedDemo: cfg.SEED_DEMO ?? !production,
    responseValidation: cfg.RESPONSE_VALIDATION ?? !production,
    paymentDevProvider: cfg.PAYMENT_DEV_PROVIDER ?? !production,
    wechatProvider: wechatProviderName(cfg.WECHAT_PROVIDER, production),
  };
}

/**
 * Which WeChat provider serves: the one named, and when none is named the development stand-in
 * outside production only. Its confirmation routes let anyone logged in finish a QR login or a
 * binding, so production offers it only when WECHAT_PROVIDER=dev asks for it explicitly (a
 * staging server); otherwise WeChat login and binding are simply unavailable there.
 */
export function wechatProviderName(
  named: 'dev' | 'open' | 'none' | undefined,
  production: boolean,
): 'dev' | 'open' | null {
  if (named === 'none') return null;
  return named ?? (production ? null : 'dev');
}
