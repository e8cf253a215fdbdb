import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../platform/config';

/**
 * Provider secrets at rest: one JSON sealed with AES-256-GCM ("v1.<iv>.<tag>.<data>", base64url).
 * The key is PAYMENT_SECRET_KEY, or a key made once in DATA_DIR/keys (mode 0600) on a single
 * machine. The secrets never leave the server: lists answer only whether they are set.
 */
export interface ProviderSecrets {
  privateKey?: string;
  apiV3Key?: string;
  platformPublicKey?: string;
  platformSerial?: string;
  serialNo?: string;
  /** The development provider's signing secret. */
  devSecret?: string;
}

const keys = new Map<string, Buffer>();

export function secretKey(config: Pick<AppConfig, 'PAYMENT_SECRET_KEY' | 'DATA_DIR'>): Buffer {
  if (config.PAYMENT_SECRET_KEY) return Buffer.from(config.PAYMENT_SECRET_KEY, 'base64');
  const file = path.join(config.DATA_DIR, 'keys', 'payment-secret.key');
  const known = keys.get(file);
  if (known) return known;
  let key: Buffer;
  try {
    key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    key = crypto.randomBytes(32);
    try {
      fs.writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch {
      // Another process wrote it first: use theirs.
      key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    }
  }
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key`);
  keys.set(file, key);
  return key;
}

export function sealSecrets(key: Buffer, secrets: ProviderSecrets): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function openSecrets(key: Buffer, sealed: string): ProviderSecrets {
  if (!sealed) return {};
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('sealed payment secrets are malformed');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const text = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  return JSON.parse(text) as ProviderSecrets;
}
