import { createHash, randomBytes } from 'node:crypto';
import {
  aesDecrypt,
  CAPTCHA,
  CAPTCHA_MESSAGES,
  type CaptchaPoint,
  CaptchaRepCode,
  captchaVerification,
  type TCaptchaAnswer,
  type TCaptchaType,
} from '@shetuan/shared/captcha';
import type { Tx } from '../db';
import { makeClickWords, makePuzzle } from './images';
import * as repo from './repository';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** 16 characters of [A-Za-z0-9]: the AES-128 key of a challenge. */
const newSecretKey = () => randomBytes(12).toString('base64').replace(/[+/]/g, 'x').slice(0, 16);

const answer = (repCode: string, repMsg: string | null, repData: TCaptchaAnswer['repData']): TCaptchaAnswer => ({
  repCode,
  repMsg,
  repData,
  success: repCode === CaptchaRepCode.OK,
});

/** /captcha/get: a new challenge of the asked type; the answer stays on the server. */
export async function getChallenge(tx: Tx, tenantId: number, captchaType: TCaptchaType): Promise<TCaptchaAnswer> {
  const token = randomBytes(16).toString('hex');
  const secretKey = newSecretKey();
  const expiresAt = new Date(Date.now() + CAPTCHA.ttlMs);
  // Old challenges go in small steps with the traffic that makes new ones.
  await repo.deleteExpiredChallenges(tx, tenantId, new Date(Date.now() - CAPTCHA.ttlMs));
  if (captchaType === 'blockPuzzle') {
    const p = makePuzzle();
    await repo.insertChallenge(tx, tenantId, { token, captchaType, secretKey, answer: p.answer, expiresAt });
    return answer(CaptchaRepCode.OK, null, {
      originalImageBase64: p.originalImageBase64,
      jigsawImageBase64: p.jigsawImageBase64,
      token,
      secretKey,
      wordList: null,
      result: false,
    });
  }
  const c = makeClickWords();
  await repo.insertChallenge(tx, tenantId, { token, captchaType, secretKey, answer: c.answer, expiresAt });
  return answer(CaptchaRepCode.OK, null, {
    originalImageBase64: c.originalImageBase64,
    token,
    secretKey,
    wordList: c.wordList,
    result: false,
  });
}

function parsePoints(pointJson: string, secretKey: string): { json: string; value: unknown } | null {
  for (const candidate of [pointJson, (() => safeDecrypt(pointJson, secretKey))()]) {
    if (!candidate) continue;
    try {
      return { json: candidate, value: JSON.parse(candidate) };
    } catch {
      // not this reading
    }
  }
  return null;
}
function safeDecrypt(text: string, key: string): string | null {
  try {
    return aesDecrypt(text, key);
  } catch {
    return null;
  }
}

const isPoint = (v: unknown): v is CaptchaPoint =>
  typeof v === 'object' &&
  v !== null &&
  Number.isFinite((v as CaptchaPoint).x) &&
  Number.isFinite((v as CaptchaPoint).y);

function matches(type: string, expected: CaptchaPoint | CaptchaPoint[], given: unknown): boolean {
  if (type === 'blockPuzzle') {
    return isPoint(given) && !Array.isArray(expected) && Math.abs(given.x - expected.x) <= CAPTCHA.slideTolerance;
  }
  if (!Array.isArray(expected) || !Array.isArray(given) || given.length !== expected.length) return false;
  return expected.every((e, i) => {
    const g = given[i];
    return isPoint(g) && Math.hypot(g.x - e.x, g.y - e.y) <= CAPTCHA.clickTolerance;
  });
}

/**
 * /captcha/check: one try per challenge. A pass stores the verification (hashed) that one
 * business call may then spend; a miss or an expired challenge means getting a new one.
 */
export async function checkChallenge(
  tx: Tx,
  tenantId: number,
  input: { captchaType: TCaptchaType; token: string; pointJson: string },
): Promise<TCaptchaAnswer> {
  const row = await repo.takeIssuedChallenge(tx, tenantId, input.token);
  if (!row || row.captchaType !== input.captchaType || row.expiresAt.getTime() <= Date.now()) {
    return answer(CaptchaRepCode.EXPIRED, CAPTCHA_MESSAGES.expired, null);
  }
  const points = parsePoints(input.pointJson, row.secretKey);
  if (!points || !matches(row.captchaType, row.answer, points.value)) {
    return answer(CaptchaRepCode.FAILED, CAPTCHA_MESSAGES.failed, null);
  }
  const verification = captchaVerification(row.token, points.json, row.secretKey);
  await repo.markChallengePassed(tx, tenantId, row.id, sha256(verification), new Date(Date.now() + CAPTCHA.ttlMs));
  return answer(CaptchaRepCode.OK, null, {
    captchaType: row.captchaType,
    token: row.token,
    result: true,
    captchaVerification: verification,
  });
}

/** Spends a verification once (login after 416, SMS sending); false when unknown, spent or expired. */
export async function consumeVerification(
  tx: Tx,
  verification: string | undefined | null,
  tenantId: number,
): Promise<boolean> {
  if (!verification || verification.length > 1024) return false;
  const expiresAt = await repo.spendVerification(tx, tenantId, sha256(verification));
  return Boolean(expiresAt && expiresAt.getTime() > Date.now());
}
