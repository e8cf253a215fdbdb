import { describe, expect, it } from 'vitest';
import { dictionaryCodes, sameSchema, withDictionaryOptions, withoutDictionaryOptions } from './dictionary';
import { ZFormSchema } from './schema';
import { validateAnswers } from './validate';

const design = ZFormSchema.parse({
  fields: [
    { id: 'edu', type: 'SELECT', label: '学历', dictionary: 'education', options: [{ value: 'x', label: '旧' }] },
    { id: 'pol', type: 'RADIO', label: '政治面貌', dictionary: 'political-status' },
    { id: 'own', type: 'CHECKBOX', label: '方向', options: [{ value: 1, label: '人工智能' }] },
  ],
});
const EDUCATION = [
  { value: '01', label: '大专' },
  { value: '02', label: '本科' },
];

describe('dictionary questions', () => {
  it('names each dictionary once; stored designs keep no options of their own', () => {
    expect(dictionaryCodes(design)).toEqual(['education', 'political-status']);
    const stored = withoutDictionaryOptions(design);
    expect(stored.fields[0]).not.toHaveProperty('options');
    expect(stored.fields[2]?.options).toEqual([{ value: 1, label: '人工智能' }]);
  });

  it('takes the options from the items given; the published snapshot checks answers', () => {
    const published = withDictionaryOptions(design, new Map([['education', EDUCATION]]));
    expect(published.fields[0]?.options).toEqual(EDUCATION);
    expect(published.fields[1]).not.toHaveProperty('options');
    expect(validateAnswers(published, { fieldedu: '02' }, { strict: true }).errors).toEqual([]);
    expect(validateAnswers(published, { fieldedu: 'x' }, { strict: true }).errors[0]?.message).toBe(
      '“学历”的选项不存在',
    );
  });

  it('compares schemas whatever the order of their keys', () => {
    const a = { fields: [{ id: 'a', type: 'INPUT', label: 'x' }] };
    const b = { fields: [{ label: 'x', type: 'INPUT', id: 'a' }] };
    expect(sameSchema(a, b)).toBe(true);
    expect(sameSchema(a, { fields: [{ ...b.fields[0], label: 'y' }] })).toBe(false);
  });

  it('only single, multiple and dropdown choices take a dictionary, without 其他', () => {
    const onText = ZFormSchema.safeParse({
      fields: [{ id: 'n', type: 'INPUT', label: '备注', dictionary: 'education' }],
    });
    expect(onText.error?.issues[0]?.message).toBe('“备注”不能引用字典：只有单选、多选和下拉选择题可以');
    const withOther = ZFormSchema.safeParse({
      fields: [{ id: 'r', type: 'RADIO', label: '学历', dictionary: 'education', props: { allowOther: true } }],
    });
    expect(withOther.error?.issues[0]?.message).toBe('“学历”引用字典时不能添加“其他”选项');
    expect(
      ZFormSchema.safeParse({ fields: [{ id: 'r', type: 'RADIO', label: '学历', dictionary: '学历!' }] }).error,
    ).toBeTruthy();
  });
});
