import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MEMBER_PROFILE_REQUIRED,
  MEMBER_PROFILE_IDENTITY_CODES,
  missingProfileFields,
  requiredProfileFields,
  ZProfileInput,
} from '.';

const empty = { name: '王会员', gender: '', idNumber: '', unitName: '', title: '' };

describe('member profile (custom type 34)', () => {
  it('requires the default fields unless the tenant lists its own, in form order', () => {
    expect(requiredProfileFields(undefined)).toEqual(DEFAULT_MEMBER_PROFILE_REQUIRED);
    expect(requiredProfileFields({ memberProfileRequired: 'gender' })).toEqual(DEFAULT_MEMBER_PROFILE_REQUIRED);
    expect(requiredProfileFields({ memberProfileRequired: ['title', 'gender', 'nonsense'] })).toEqual([
      'gender',
      'title',
    ]);
    expect(requiredProfileFields({ memberProfileRequired: [] })).toEqual([]);
  });

  it('names the required fields left empty', () => {
    expect(missingProfileFields(empty, DEFAULT_MEMBER_PROFILE_REQUIRED).map((m) => m.label)).toEqual([
      '性别',
      '身份证号',
      '工作单位',
      '职称',
    ]);
    expect(missingProfileFields({ ...empty, gender: '女', title: '  ' }, ['gender', 'title'])).toEqual([
      { key: 'title', label: '职称' },
    ]);
  });

  it('checks members only, not self-registered users or unit members', () => {
    expect(MEMBER_PROFILE_IDENTITY_CODES).toEqual([1, 12, 103, 109]);
  });

  it('validates the member fields with the spec message for a bad ID number', () => {
    expect(ZProfileInput.safeParse({ name: '王', idNumber: '123' }).error?.issues[0]?.message).toBe('身份证格式错误');
    expect(ZProfileInput.safeParse({ name: '王', gender: '未知' }).error?.issues[0]?.message).toBe('性别只能是男或女');
    expect(ZProfileInput.parse({ name: '王', idNumber: '11010519491231002x' }).idNumber).toBe('11010519491231002X');
    expect(ZProfileInput.parse({ name: '王' })).toEqual({ name: '王' });
  });
});
