import { type TFormSchema, ZFormSchema } from '@shetuan/shared/forms';

/**
 * The benchmark form: 500 fields of the common kinds and 200 show rules, each rule showing one
 * or two later fields while a radio question says 是. Deterministic (no randomness), so every run
 * renders the same thing.
 */
export function benchSchema(fieldCount = 500, ruleCount = 200): TFormSchema {
  const yesNo = [
    { value: 1, label: '是' },
    { value: 2, label: '否' },
    { value: 3, label: '不确定' },
  ];
  const fields: unknown[] = [];
  const radios: string[] = [];
  for (let i = 0; i < fieldCount; i++) {
    const id = `f${i}`;
    const kind = i % 10;
    if (kind === 0) {
      fields.push({
        id,
        type: 'RADIO',
        label: `第${i + 1}题 是否参加`,
        options: yesNo,
        defaultValue: 1,
        required: true,
      });
      radios.push(id);
    } else if (kind === 1) fields.push({ id, type: 'TEXTAREA', label: `第${i + 1}题 说明`, props: { rows: 2 } });
    else if (kind === 2)
      fields.push({ id, type: 'NUMBER_INPUT', label: `第${i + 1}题 人数`, props: { min: 0, max: 999 } });
    else if (kind === 3)
      fields.push({
        id,
        type: 'CHECKBOX',
        label: `第${i + 1}题 方向`,
        options: ['人工智能', '新材料', '生物医药', '其他'].map((label, j) => ({ value: j + 1, label })),
      });
    else if (kind === 4)
      fields.push({
        id,
        type: 'SELECT',
        label: `第${i + 1}题 学历`,
        options: ['大专', '本科', '硕士', '博士'].map((label, j) => ({ value: j + 1, label })),
      });
    else
      fields.push({
        id,
        type: 'INPUT',
        label: `第${i + 1}题 填空`,
        required: i % 3 === 0,
        regList: i % 7 === 0 ? [{ pattern: '^\\S*$', message: '不能有空格' }] : [],
      });
  }
  const logic: unknown[] = [];
  for (let r = 0; r < ruleCount; r++) {
    const trigger = radios[r % radios.length] as string;
    const t = Number(trigger.slice(1));
    const first = t + 5 + (r % 4);
    if (first >= fieldCount) continue;
    const showIds = [`f${first}`];
    logic.push({
      showIds,
      combinator: r % 2 === 0 ? 1 : 2,
      conditions: [{ formItemId: trigger, expression: 'eq', optionValue: 1 }],
    });
  }
  return ZFormSchema.parse({ fields, logic });
}
