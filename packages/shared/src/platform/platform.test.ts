import { describe, expect, it } from 'vitest';
import { fail, identityName, isSocietyCompanyType, ok, orgTypeName, ResultCode } from '.';

describe('envelope', () => {
  it('builds success and failure answers', () => {
    expect(ok({ a: 1 })).toEqual({ code: 200, msg: '操作成功', data: { a: 1 }, success: true });
    expect(fail(ResultCode.SESSION_EXPIRED, '登录已过期')).toEqual({
      code: 200011,
      msg: '登录已过期',
      data: null,
      success: false,
    });
  });
});

describe('code tables', () => {
  it('names organisation types, 默认 for unknown codes', () => {
    expect(orgTypeName(2)).toBe('市科协');
    expect(orgTypeName(201)).toBe('运营');
    expect(orgTypeName(999)).toBe('默认');
  });

  it('marks company types 1, 2 and 3 as a society', () => {
    expect([1, 2, 3].map(isSocietyCompanyType)).toEqual([true, true, true]);
    expect(isSocietyCompanyType(4)).toBe(false);
  });

  it('names identities', () => {
    expect(identityName(4)).toBe('管理员');
    expect(identityName(111)).toBe('下级组织新专家');
  });
});

describe('resource fields of kind tags', () => {
  it('show as a list joined with 、 and read back from an import cell', async () => {
    const { fieldText, fieldValue } = await import('./resource');
    const field = { key: 'domains', title: '访问域名', kind: 'tags' as const };
    expect(fieldText(field, ['a.cn', 'b.cn'])).toBe('a.cn、b.cn');
    expect(fieldValue(field, 'a.cn、b.cn, c.cn')).toEqual(['a.cn', 'b.cn', 'c.cn']);
    expect(fieldValue(field, '  ')).toBeUndefined();
  });
});
