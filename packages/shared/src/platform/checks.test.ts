import { describe, expect, it } from 'vitest';
import {
  clampAmount,
  ID_CARD_FORM_PATTERN,
  isIdCard,
  isIntegerText,
  isNumberText,
  isPhoneOrLandline,
  isPositiveAmount,
  isSafeText,
  isZipCode,
  MOBILE_PATTERN_NO_6,
  PASSWORD_RULES,
  UPLOAD_MESSAGES,
  uploadProblem,
} from './checks';
import { PHONE_PATTERN } from './patterns';

describe('the spec helper checks', () => {
  it('special-character text: letters, digits, spaces, dots, @, brackets and CJK only', () => {
    expect(isSafeText('张三 Zhang.san@科协（杭州）[1]')).toBe(true);
    expect(isSafeText('drop table;')).toBe(false);
    expect(isSafeText('<script>')).toBe(false);
  });

  it('integers, amounts and number strings', () => {
    expect([isIntegerText('12'), isIntegerText('0'), isIntegerText('0', true), isIntegerText('012')]).toEqual([
      true,
      false,
      true,
      false,
    ]);
    expect([
      isPositiveAmount('12.5'),
      isPositiveAmount('0.01'),
      isPositiveAmount('0'),
      isPositiveAmount('1.234'),
    ]).toEqual([true, true, false, false]);
    expect([isNumberText('-3.25'), isNumberText('+0'), isNumberText('01'), isNumberText('1.')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(clampAmount(123456789.456)).toBe(99999999);
    expect(clampAmount(12.345)).toBe(12.35);
    expect(clampAmount(-1)).toBe(0);
    expect(clampAmount(150, 100)).toBe(100);
  });

  it('phones: prefixes 0, 86, +86; the variant without 6; landlines where allowed', () => {
    for (const ok of ['13800000000', '+8613800000000', '8613800000000', '013800000000', '19912345678'])
      expect(PHONE_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['12800000000', '1380000000', '+85213800000000'])
      expect(PHONE_PATTERN.test(bad), bad).toBe(false);
    expect(MOBILE_PATTERN_NO_6.test('16612345678')).toBe(false);
    expect(MOBILE_PATTERN_NO_6.test('17712345678')).toBe(true);
    expect([
      isPhoneOrLandline('0571-88886666'),
      isPhoneOrLandline('01088886666'),
      isPhoneOrLandline('88886666'),
    ]).toEqual([true, true, false]);
  });

  it('ID numbers: 18 with birth date and check digit, the old 15, and the form pattern', () => {
    expect(isIdCard('11010519491231002X')).toBe(true);
    expect(isIdCard('11010519491231002x')).toBe(true);
    expect(isIdCard('110105194912310021')).toBe(false); // wrong check digit
    expect(isIdCard('11010519491331002X')).toBe(false); // month 13
    expect(isIdCard('110105491231002')).toBe(true);
    expect(isIdCard('110105491331002')).toBe(false);
    expect(ID_CARD_FORM_PATTERN.test('11010519491231002X')).toBe(true);
    expect(ID_CARD_FORM_PATTERN.test('1101051949123100')).toBe(false);
  });

  it('zip codes and both password readings', () => {
    expect([isZipCode('310000'), isZipCode('010000'), isZipCode('31000')]).toEqual([true, false, false]);
    expect(PASSWORD_RULES.letterFirst.pattern.test('a12345')).toBe(true);
    expect(PASSWORD_RULES.letterFirst.pattern.test('123456')).toBe(false);
    expect(PASSWORD_RULES.basic.pattern.test('123456')).toBe(true);
    expect(PASSWORD_RULES.basic.pattern.test('12345')).toBe(false);
  });
});

describe('the upload checks, in the spec order', () => {
  const mb = 1024 * 1024;
  it('name, extension, forbidden types, size, accepted types, images, count', () => {
    expect(uploadProblem({ name: `${'长'.repeat(58)}.pdf`, size: 1 })).toBe(UPLOAD_MESSAGES.nameTooLong);
    expect(uploadProblem({ name: 'a.exe', size: 1 })).toBe('文件格式不符合规范！');
    expect(uploadProblem({ name: 'tool.py', size: 1 })).toBe('文件格式不符合规范！');
    expect(uploadProblem({ name: 'noext', size: 1 })).toBe('文件格式不符合规范！');
    expect(uploadProblem({ name: 'a.pdf', size: 11 * mb })).toBe('上传文件超过标准大小了，请重新上传！');
    expect(uploadProblem({ name: 'a.pdf', size: 3 * mb }, { maxSizeMB: 2 })).toBe(
      '上传文件超过标准大小了，请重新上传！',
    );
    expect(uploadProblem({ name: 'a.doc', size: 1 }, { accept: ['pdf'] })).toBe('上传文件只能为pdf格式');
    expect(uploadProblem({ name: 'a.pdf', size: 1 }, { imagesOnly: true })).toBe(
      '上传图片只能为jpg、png、gif、jpeg、bmp格式',
    );
    expect(uploadProblem({ name: 'a.pdf', size: 1 }, {}, 1)).toBe('文件不能超过 1 个');
    expect(uploadProblem({ name: 'a.pdf', size: 1 }, { maxCount: 3 }, 2)).toBeNull();
    expect(uploadProblem({ name: '照片.JPG', size: 2 * mb }, { imagesOnly: true })).toBeNull();
  });
});
