import { DICT_ITEMS } from '@shetuan/shared/dictionaries';
import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formKeys, schemaDefaults } from './ResourceForm';
import { fieldLimits, fieldRules, formBody, normalise, requiredMessage } from './rules';

/** Runs a field's derived rules as antd would: the first message, or null when all pass. */
async function check(schema: z.ZodObject, key: string, value: unknown): Promise<string | null> {
  for (const rule of fieldRules(schema, key) as RuleObject[]) {
    if (rule.required && normalise(value) === undefined) return String(rule.message);
    try {
      await rule.validator?.(rule, value, () => undefined);
    } catch (err) {
      return (err as Error).message;
    }
  }
  return null;
}

describe('antd rules derived from the zod schema', () => {
  const create = DICT_ITEMS.create;

  it('marks a field required when the schema refuses an absent value, with the schema’s message', () => {
    const [first] = fieldRules(create, 'label') as RuleObject[];
    expect(first).toMatchObject({ required: true, message: '请输入名称' });
    expect(requiredMessage(create.shape.value)).toBe('请输入值');
  });

  it('leaves fields with defaults optional', () => {
    for (const key of ['sort', 'status', 'taxCode', 'taxType']) {
      expect((fieldRules(create, key) as RuleObject[]).some((r) => r.required)).toBe(false);
    }
  });

  it('answers the first zod issue’s message, never a copied one', async () => {
    expect(await check(create, 'label', '')).toBe('请输入名称');
    expect(await check(create, 'label', '   ')).toBe('请输入名称');
    expect(await check(create, 'label', '汉'.repeat(51))).toBe('名称最多50个字');
    expect(await check(create, 'label', '汉族')).toBeNull();
    expect(await check(create, 'value', 'a b')).toBe('值只能包含字母、数字、_、.、-');
    expect(await check(create, 'sort', 1.5)).toBe('排序必须是整数');
    expect(await check(create, 'sort', -1)).toBe('排序不能小于0');
    expect(await check(create, 'sort', null)).toBeNull();
    expect(await check(create, 'taxCode', '123')).toBe('税收分类编码为19位数字');
    expect(await check(create, 'taxCode', '')).toBeNull();
    expect(await check(create, 'taxCode', '3040201000000000000')).toBeNull();
  });

  it('has no rules for a key the schema does not have', () => {
    expect(fieldRules(create, 'nope')).toEqual([]);
  });

  it('treats empty text and null as absent, and .optional() fields may stay empty', async () => {
    const schema = z.object({ note: z.string().trim().min(2, '至少2个字').optional() });
    expect(await check(schema, 'note', '')).toBeNull();
    expect(await check(schema, 'note', 'a')).toBe('至少2个字');
  });

  it('reads limits through defaults (character count, number range)', () => {
    expect(fieldLimits(create, 'label')).toEqual({ maxLength: 50 });
    expect(fieldLimits(create, 'sort')).toEqual({ min: 0, max: 9999, integer: true });
    expect(fieldLimits(create, 'status')).toEqual({ integer: true });
  });

  it('builds the body through the schema: trimmed, defaults, only its keys', () => {
    expect(formBody(DICT_ITEMS.update, { label: ' 汉族 ', sort: null, extra: 1, value: 'x' })).toEqual({
      ok: true,
      // An empty 排序 stays out: the server puts a new item after the last one.
      body: { label: '汉族', status: 1, taxCode: '', taxTypeCode: '', taxType: '' },
    });
    expect(formBody(DICT_ITEMS.update, { label: '' })).toEqual({ ok: false, message: '请输入名称' });
  });

  it('lays the form out in the contract’s field order, without fixed keys, with the defaults', () => {
    expect(formKeys(DICT_ITEMS.fields, create, ['dictCode'])).toEqual([
      'value',
      'label',
      'sort',
      'status',
      'taxCode',
      'taxTypeCode',
      'taxType',
    ]);
    expect(schemaDefaults(create)).toEqual({ status: 1 });
  });
});

describe('the converted screens’ contracts drive their forms', () => {
  it('orders a unit’s form by the contract’s fields, form-only keys included', async () => {
    const { ORG_UNITS } = await import('@shetuan/shared/org');
    expect(formKeys(ORG_UNITS.fields, ORG_UNITS.create, [])).toEqual([
      'name',
      'orgType',
      'parentId',
      'regionCode',
      'description',
      'attachments',
      'status',
    ]);
    expect(await check(ORG_UNITS.create, 'orgType', undefined)).toBe('请选择单位类型');
    expect(await check(ORG_UNITS.create, 'parentId', null)).toBeNull();
    expect(await check(ORG_UNITS.create, 'regionCode', '12')).toBe('行政区划代码为6位数字');
    expect(schemaDefaults(ORG_UNITS.create)).toMatchObject({ parentId: null, status: 1, attachments: [] });
  });

  it('requires a function point’s menu with the schema’s message, and keeps tenants’ domains a list', async () => {
    const { FUNCTION_POINTS } = await import('@shetuan/shared/rbac');
    const { TENANTS } = await import('@shetuan/shared/tenant');
    expect(await check(FUNCTION_POINTS.create, 'menuId', undefined)).toBe('请选择所属菜单');
    expect(await check(TENANTS.create, 'domains', ['https://x.cn/'])).toContain('域名格式不正确');
    expect(formBody(TENANTS.create, { companyName: '学会', companyId: 7, companyType: 5, domains: [] })).toEqual({
      ok: false,
      message: '请至少填写一个访问域名',
    });
  });
});
