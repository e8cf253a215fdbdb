import { describe, expect, it } from 'vitest';
import { aesDecrypt, aesEncrypt, captchaVerification, encodePoints } from './index';

describe('captcha crypto (AJ-Captcha compatible)', () => {
  it('encrypts with AES-128-ECB and PKCS#7 as CryptoJS does', () => {
    // CryptoJS.AES.encrypt('{"x":120,"y":5}', Utf8.parse('0123456789abcdef'), { mode: ECB, padding: Pkcs7 })
    const key = '0123456789abcdef';
    const cipher = aesEncrypt('{"x":120,"y":5}', key);
    expect(aesDecrypt(cipher, key)).toBe('{"x":120,"y":5}');
    // The same as Node's crypto.createCipheriv('aes-128-ecb', key, null) gives.
    expect(cipher).toBe('0yxKB0fwj/7E68r+TkYt3w==');
  });

  it('builds pointJson and the verification, plain when no key is given', () => {
    expect(encodePoints({ x: 1, y: 5 })).toBe('{"x":1,"y":5}');
    expect(captchaVerification('t', '{"x":1}')).toBe('t---{"x":1}');
    const key = 'abcdefghijklmnop';
    expect(aesDecrypt(encodePoints([{ x: 1, y: 2 }], key), key)).toBe('[{"x":1,"y":2}]');
    expect(aesDecrypt(captchaVerification('tok', '{"x":1}', key), key)).toBe('tok---{"x":1}');
  });

  it('refuses a wrong key', () => {
    const cipher = aesEncrypt('hello', 'abcdefghijklmnop');
    expect(() => aesDecrypt(cipher, 'ponmlkjihgfedcba')).toThrow();
  });
});
