import { describe, expect, it } from 'vitest';
import {
  type CheckMoment,
  FORM_SCHEMA_VERSION,
  fieldProblem,
  generatedMessage,
  groupRows,
  insertField,
  moveField,
  normalizeRows,
  parsePattern,
  RULE_MESSAGES,
  ruleProblem,
  setRow,
  type TFormField,
  validateAnswers,
  visibleFieldIds,
  withoutField,
  ZFormField,
  ZFormSchema,
  ZRegRule,
} from '.';

/** The designer's rule model (spec 002 'Designer field rule', 'Designer rules', 'Form options'). */

const f = (over: Record<string, unknown>): TFormField => ZFormField.parse({ id: 'x', label: '题目', ...over });
const rule = (over: Record<string, unknown>) => ZRegRule.parse({ message: '', ...over });

describe('rules: type, mode and the generated messages', () => {
  // [what, rule, answer, expected message or null]
  const cases: [string, Record<string, unknown>, unknown, string | null][] = [
    ['string min counts characters', { mode: 'min', type: 'string', value: 3 }, '张三', '题目至少3个字'],
    ['string max', { mode: 'max', type: 'string', value: 2 }, '张三丰', '题目最多2个字'],
    ['string len', { mode: 'len', type: 'string', value: 11 }, '1380000000', '题目应为11个字'],
    ['len passes', { mode: 'len', type: 'string', value: 2 }, '张三', null],
    ['array min counts choices', { mode: 'min', type: 'array', value: 2 }, [1], '题目至少选择2项'],
    ['array max', { mode: 'max', type: 'array', value: 1 }, [1, 2], '题目最多选择1项'],
    ['array len', { mode: 'len', type: 'array', value: 2 }, [1, 2], null],
    ['number min is a value', { mode: 'min', type: 'number', value: 18 }, 17, '题目不能小于18'],
    ['number max', { mode: 'max', type: 'number', value: 70 }, 71, '题目不能大于70'],
    ['a text read as a number', { mode: 'max', type: 'number', value: 70 }, '71', '题目不能大于70'],
    ['integer refuses decimals', { mode: 'type', type: 'integer' }, 3.5, '题目格式不正确'],
    ['integer takes a whole text', { mode: 'type', type: 'integer' }, '42', null],
    ['float takes any number', { mode: 'type', type: 'float' }, 3, null],
    ['number refuses words', { mode: 'type', type: 'number' }, 'abc', '题目格式不正确'],
    ['email', { mode: 'type', type: 'email' }, 'a@b', '题目格式不正确'],
    ['email passes', { mode: 'type', type: 'email' }, 'zhang@kexie.cn', null],
    ['url', { mode: 'type', type: 'url' }, 'www.example.com', '题目格式不正确'],
    ['url passes', { mode: 'type', type: 'url' }, 'https://www.example.com/a', null],
    ['hex', { mode: 'type', type: 'hex' }, '#12345', '题目格式不正确'],
    ['hex passes', { mode: 'type', type: 'hex' }, '#1677ff', null],
    ['date', { mode: 'type', type: 'date' }, '2024-02-30', '题目格式不正确'],
    ['date with a time', { mode: 'type', type: 'date' }, '2024-02-29 08:30:00', null],
    ['object', { mode: 'type', type: 'object' }, 'x', '题目格式不正确'],
    ['array', { mode: 'type', type: 'array' }, 'x', '题目格式不正确'],
    ['the type is checked before the mode', { mode: 'min', type: 'integer', value: 1 }, 0.5, '题目格式不正确'],
    ['pattern', { mode: 'pattern', pattern: '^\\d+$' }, '12a', '题目格式不匹配'],
    ['pattern flags', { mode: 'pattern', pattern: '^[a-z]+$', flags: 'i' }, 'ABC', null],
    ['pattern on each choice', { mode: 'pattern', pattern: '^[ab]$' }, ['a', 'c'], '题目格式不匹配'],
    ['own message wins', { mode: 'min', type: 'string', value: 3, message: '至少三个字' }, 'ab', '至少三个字'],
    ['empty answers are the required check’s', { mode: 'min', type: 'string', value: 3 }, '', null],
  ];
  it.each(cases)('%s', (_, r, value, expected) => {
    expect(ruleProblem({ label: '题目' }, rule(r), value)).toBe(expected);
  });

  it('generates the spec’s messages: 必须填写, 格式不正确, 格式不匹配; 自动获取 gives 请输入 (正确的)', () => {
    expect(generatedMessage('姓名', 'required')).toBe('姓名必须填写');
    expect(generatedMessage('邮箱', 'type')).toBe('邮箱格式不正确');
    expect(generatedMessage('邮编', 'pattern')).toBe('邮编格式不匹配');
    expect(generatedMessage('年龄', 'min')).toBe('请输入正确的年龄');
    expect(RULE_MESSAGES.autoRequired('姓名')).toBe('请输入姓名');
    expect(RULE_MESSAGES.autoMode('姓名')).toBe('请输入正确的姓名');
  });

  it('reads regular expressions saved as literals', () => {
    expect(parsePattern('/^1[3-9]\\d{9}$/')).toEqual({ pattern: '^1[3-9]\\d{9}$', flags: '' });
    expect(parsePattern('/^[a-z]+$/gi')).toEqual({ pattern: '^[a-z]+$', flags: 'i' });
    expect(parsePattern('^\\d+$')).toEqual({ pattern: '^\\d+$', flags: '' });
    expect(parsePattern('//')).toEqual({ pattern: '//', flags: '' });
  });
});

describe('triggers: which checks run when (the renderer and the server alike)', () => {
  const text = f({
    type: 'INPUT',
    required: true,
    regList: [
      { mode: 'min', type: 'string', value: 3, trigger: 'change', message: '至少3个字' },
      { mode: 'pattern', pattern: '^[^0-9]*$', message: '不能有数字' },
      { mode: 'max', type: 'string', value: 5, trigger: 'submit', message: '最多5个字' },
    ],
  });
  const choice = f({
    type: 'CHECKBOX',
    required: true,
    options: [1, 2, 3].map((v) => ({ value: v, label: String(v) })),
    regList: [{ mode: 'max', type: 'array', value: 1, message: '只能选一项' }],
  });
  // [field, answer, moment, expected]
  const cases: [string, TFormField, unknown, CheckMoment, string | null][] = [
    ['text, change: only change rules', text, 'ab', 'change', '至少3个字'],
    ['text, change: not the required check', text, '', 'change', null],
    ['text, change: not the blur rules', text, 'abc1', 'change', null],
    ['text, blur: its own checks', text, '', 'blur', '题目不能为空'],
    ['text, blur: the rules without a trigger', text, 'abc1', 'blur', '不能有数字'],
    ['text, blur: not the submit rules', text, 'abcdefg', 'blur', null],
    ['text, submit: everything', text, 'abcdefg', 'submit', '最多5个字'],
    ['choice, change: its own checks', choice, [], 'change', '请至少选择一个题目'],
    ['choice, change: its rules by default', choice, [1, 2], 'change', '只能选一项'],
  ];
  it.each(cases)('%s', (_, field, value, moment, expected) => {
    expect(fieldProblem(field, value, {}, moment)).toBe(expected);
  });

  it('the server runs them all (validateAnswers is the submit)', () => {
    const schema = ZFormSchema.parse({ fields: [text] });
    expect(validateAnswers(schema, { fieldx: 'abcdefg' }, { strict: true }).errors[0]?.message).toBe('最多5个字');
  });
});

describe('the field’s own new settings', () => {
  const cases: [string, Record<string, unknown>, unknown, string | null][] = [
    [
      'required message of its own',
      { type: 'INPUT', required: true, requiredMessage: '姓名必须填写' },
      '',
      '姓名必须填写',
    ],
    ['required message for lists too', { type: 'CHECKBOX', required: true, requiredMessage: '请选择' }, [], '请选择'],
    [
      'stepStrictly: multiples of step only',
      { type: 'NUMBER_INPUT', props: { step: 0.5, stepStrictly: true } },
      1.2,
      '“题目”只能是0.5的倍数',
    ],
    ['stepStrictly passes', { type: 'NUMBER_INPUT', props: { step: 0.5, stepStrictly: true } }, 1.5, null],
    ['no stepStrictly: any number', { type: 'NUMBER_INPUT', props: { step: 0.5 } }, 1.2, null],
    ['date with a time', { type: 'DATE', props: { withTime: true } }, '2024-05-01 09:30:00', null],
    [
      'date with a time wants the time',
      { type: 'DATE', props: { withTime: true } },
      '2024-05-01',
      '“题目”的答案格式不正确',
    ],
    [
      'date range with times',
      { type: 'DATE_RANGE', props: { withTime: true } },
      ['2024-05-01 09:00:00', '2024-05-01 18:00:00'],
      null,
    ],
    [
      'multiple select: at most max',
      {
        type: 'SELECT',
        options: [
          { value: 1, label: 'a' },
          { value: 2, label: 'b' },
        ],
        props: { multiple: true, max: 1 },
      },
      [1, 2],
      '“题目”最多选择1项',
    ],
  ];
  it.each(cases)('%s', (_, over, value, expected) => {
    expect(fieldProblem(f(over), value, {})).toBe(expected);
  });

  it('form options default as the old designer had them', () => {
    const s = ZFormSchema.parse({ fields: [] });
    expect(s.version).toBe(FORM_SCHEMA_VERSION);
    expect(s.settings).toMatchObject({ hideRequiredAsterisk: false, showMessage: true, inlineMessage: false });
  });
});

describe('the schema: version 2, the migration, layouts and row containers', () => {
  it('reads a version 1 schema: rules become patterns where version 1 checked them, and are dropped elsewhere', () => {
    const v1 = {
      version: 1,
      settings: { gutter: 16, labelWidth: 125 },
      fields: [
        { id: 'a', type: 'INPUT', label: '邮编', regList: [{ pattern: '^\\d{6}$', message: '邮编不正确' }] },
        {
          id: 'b',
          type: 'RADIO',
          label: '性别',
          options: [{ value: 1, label: '男' }],
          regList: [{ pattern: 'x', message: '' }],
        },
      ],
      logic: [],
    };
    const s = ZFormSchema.parse(v1);
    expect(s.version).toBe(2);
    expect(s.fields[0]?.regList).toEqual([{ mode: 'pattern', pattern: '^\\d{6}$', message: '邮编不正确' }]);
    expect(s.fields[1]?.regList).toEqual([]);
    expect(s.settings.showMessage).toBe(true);
    expect(fieldProblem(s.fields[0] as TFormField, '12345', {})).toBe('邮编不正确');
  });

  // [what, fields, message]
  const refused: [string, unknown[], string][] = [
    ['an unknown layout', [{ id: 'a', type: 'INPUT', label: 'A', layout: 'raw' }], '没有与raw匹配的layout'],
    [
      'a layout that is not the type’s',
      [{ id: 'a', type: 'INPUT', label: 'A', layout: 'rowFormItem' }],
      '“A”的布局与题型不符',
    ],
    [
      'a rule type that does not fit',
      [{ id: 'a', type: 'CHECKBOX', label: 'A', options: [], regList: [{ mode: 'type', type: 'email', message: '' }] }],
      '“A”的校验类型不适用：邮箱地址',
    ],
    [
      'rules on a switch',
      [{ id: 'a', type: 'SWITCH', label: 'A', regList: [{ pattern: 'x', message: '' }] }],
      '“A”不能添加校验规则',
    ],
    [
      'a broken pattern',
      [{ id: 'a', type: 'INPUT', label: 'A', regList: [{ pattern: '(', message: '' }] }],
      '“A”的校验规则不是正确的正则表达式',
    ],
    [
      'flags other than imsu',
      [{ id: 'a', type: 'INPUT', label: 'A', regList: [{ pattern: 'x', flags: 'g', message: '' }] }],
      '正则表达式的修饰符只能是 i、m、s、u',
    ],
    [
      'min without a value',
      [{ id: 'a', type: 'INPUT', label: 'A', regList: [{ mode: 'min', message: '' }] }],
      '“A”的校验规则缺少最小值',
    ],
    ['a row that does not exist', [{ id: 'a', type: 'INPUT', label: 'A', row: 'r' }], '“A”所在的行容器不存在'],
    [
      'a question away from its row',
      [
        { id: 'r', type: 'ROW', label: '行' },
        { id: 'b', type: 'INPUT', label: 'B' },
        { id: 'a', type: 'INPUT', label: 'A', row: 'r' },
      ],
      '“A”须紧跟在所在行容器的题目之后',
    ],
    [
      'a row in a row',
      [
        { id: 'r', type: 'ROW', label: '行' },
        { id: 's', type: 'ROW', label: '行2', row: 'r' },
      ],
      '“行2”不能放在行容器中',
    ],
  ];
  it.each(refused)('refuses %s', (_, fields, message) => {
    const r = ZFormSchema.safeParse({ fields });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toContain(message);
  });

  it('a hidden row container hides its questions (their checks go with them)', () => {
    const s = ZFormSchema.parse({
      fields: [
        { id: 'q', type: 'RADIO', label: '有单位', options: [{ value: 1, label: '是' }] },
        { id: 'r', type: 'ROW', label: '单位信息' },
        { id: 'a', type: 'INPUT', label: '单位', required: true, row: 'r', span: 12 },
        { id: 'b', type: 'INPUT', label: '职务', row: 'r', span: 12 },
      ],
      logic: [{ showIds: ['r'], combinator: 1, conditions: [{ formItemId: 'q', expression: 'eq', optionValue: 1 }] }],
    });
    expect([...visibleFieldIds(s, {})]).toEqual(['q']);
    expect(validateAnswers(s, {}).errors).toEqual([]);
    expect(validateAnswers(s, { fieldq: 1 }).errors.map((e) => e.message)).toEqual(['单位不能为空']);
  });
});

describe('the designer’s row operations keep containers whole', () => {
  const q = (id: string, row?: string): TFormField => f({ id, type: 'INPUT', label: id, ...(row ? { row } : {}) });
  const r = (id: string) => f({ id, type: 'ROW', label: id });
  const shape = (fields: TFormField[]) => fields.map((x) => (x.row ? `${x.id}@${x.row}` : x.id)).join(' ');
  const base = [q('a'), r('R'), q('b', 'R'), q('c', 'R'), q('d')];

  it('groups, inserts into a row, and normalises', () => {
    expect(groupRows(base).map((u) => [u.field.id, u.children.map((c) => c.id)])).toEqual([
      ['a', []],
      ['R', ['b', 'c']],
      ['d', []],
    ]);
    expect(shape(insertField(base, q('n'), { into: 'R' }))).toBe('a R b@R c@R n@R d');
    expect(shape(insertField(base, q('n'), { index: 2 }))).toBe('a R n@R b@R c@R d');
    expect(shape(insertField(base, q('n')))).toBe('a R b@R c@R d n');
    expect(shape(normalizeRows([q('a', 'R'), r('R'), q('b', 'R'), q('x'), q('c', 'R')]))).toBe('a R b@R x c');
  });

  it('moves a question into and out of a row, and a row with its questions', () => {
    expect(shape(moveField(base, 'a', 'c'))).toBe('R b@R c@R a d');
    expect(shape(moveField(base, 'd', 'b'))).toBe('a R d@R b@R c@R');
    expect(shape(moveField(base, 'b', 'd'))).toBe('a R c@R d b');
    expect(shape(moveField(base, 'R', 'a'))).toBe('R b@R c@R a d');
    expect(shape(moveField(base, 'R', 'd'))).toBe('a d R b@R c@R');
    expect(shape(setRow(base, 'a', 'R'))).toBe('R b@R c@R a@R d');
    expect(shape(setRow(base, 'b', undefined))).toBe('a R c@R b d');
    expect(shape(withoutField({ fields: base, logic: [] }, 'R').fields)).toBe('a b c d');
  });
});
