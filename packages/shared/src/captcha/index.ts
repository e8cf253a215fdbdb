import { ecb } from '@noble/ciphers/aes.js';
import { bytesToUtf8, utf8ToBytes } from '@noble/ciphers/utils.js';
import { z } from 'zod';

/**
 * The slide and click captcha (spec 000 §4, 002): the AJ-Captcha shape. Images are 310 x 155;
 * pointJson is AES-128-ECB (PKCS#7, base64) with the challenge's secretKey.
 */
export const CAPTCHA = {
  width: 310,
  height: 155,
  /** How far (px of the 310-wide image) a slide may miss the hole. */
  slideTolerance: 5,
  /** How far (px) a click may land from the centre of its word. */
  clickTolerance: 18,
  /** A challenge must be answered within this time, and its verification used within it again. */
  ttlMs: 120_000,
} as const;

export const CaptchaRepCode = {
  OK: '0000',
  EXPIRED: '6110',
  FAILED: '6111',
  BAD_REQUEST: '6201',
} as const;

export const CAPTCHA_MESSAGES = {
  expired: '验证码已失效，请重新获取',
  failed: '验证失败',
  success: '验证成功',
  badType: '验证码类型不正确',
} as const;

export const ZCaptchaType = z.enum(['blockPuzzle', 'clickWord'], { error: CAPTCHA_MESSAGES.badType });
export type TCaptchaType = z.infer<typeof ZCaptchaType>;

export const ZCaptchaGet = z.object({ captchaType: ZCaptchaType });
export const ZCaptchaCheck = z.object({
  captchaType: ZCaptchaType,
  token: z.string().min(1).max(64),
  pointJson: z.string().min(1).max(1024),
});

export const ZCaptchaAnswer = z.object({
  repCode: z.string(),
  repMsg: z.string().nullable(),
  repData: z
    .object({
      originalImageBase64: z.string().optional(),
      jigsawImageBase64: z.string().optional(),
      token: z.string().optional(),
      secretKey: z.string().optional(),
      wordList: z.array(z.string()).nullable().optional(),
      result: z.boolean().optional(),
      captchaType: z.string().optional(),
      /** Also answered on a successful check (the client can build it too: see captchaVerification()). */
      captchaVerification: z.string().optional(),
    })
    .nullable(),
  success: z.boolean(),
});
export type TCaptchaAnswer = z.infer<typeof ZCaptchaAnswer>;

export interface CaptchaPoint {
  x: number;
  y: number;
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}
function fromBase64(text: string): Uint8Array {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/** AES-128-ECB, PKCS#7, base64: AJ-Captcha's aesEncrypt. The key is the 16-character secretKey. */
export function aesEncrypt(plain: string, key: string): string {
  return toBase64(ecb(utf8ToBytes(key)).encrypt(utf8ToBytes(plain)));
}

/** The inverse of aesEncrypt; throws on a wrong key or a damaged text. */
export function aesDecrypt(cipher: string, key: string): string {
  return bytesToUtf8(ecb(utf8ToBytes(key)).decrypt(fromBase64(cipher)));
}

/** pointJson as the client sends it: the point(s) as JSON, encrypted when the challenge gave a key. */
export function encodePoints(points: CaptchaPoint | CaptchaPoint[], secretKey?: string): string {
  const json = JSON.stringify(points);
  return secretKey ? aesEncrypt(json, secretKey) : json;
}

/**
 * The one-time verification a business call (login after 416, SMS sending) carries: token and the
 * point JSON, joined by '---' and encrypted with the secretKey (AJ-Captcha's captchaVerification).
 */
export function captchaVerification(token: string, pointsJson: string, secretKey?: string): string {
  const plain = `${token}---${pointsJson}`;
  return secretKey ? aesEncrypt(plain, secretKey) : plain;
}
