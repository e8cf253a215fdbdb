import { describe, expect, it } from 'vitest';
import {
  answerLines,
  evaluateCondition,
  evaluateRule,
  fieldName,
  fieldProblem,
  fromBuilderElement,
  fromDesignerRule,
  fromStoredPairs,
  initialValues,
  newFieldId,
  otherName,
  pagesOf,
  type TFormSchema,
  toBuilderElement,
  toDesignerRule,
  toStoredPairs,
  validateAnswers,
  visibleFieldIds,
  ZFormSchema,
} from '.';

const schema = (fields: unknown[], logic: unknown[] = []): TFormSchema => ZFormSchema.parse({ fields, logic });

describe('conditions (spec 002 §4)', () => {
  const values = { field1: '2', field2: [1, 3], field3: '', field4: 0 };
  it('eq: present and, for a list, includes the option, otherwise equals loosely', () => {
    expect(evaluateCondition({ formItemId: '1', expression: 'eq', optionValue: 2 }, values)).toBe(true);
    expect(evaluateCondition({ formItemId: '2', expression: 'eq', optionValue: 3 }, values)).toBe(true);
    expect(evaluateCondition({ formItemId: '2', expression: 'eq', optionValue: '1' }, values)).toBe(true);
    expect(evaluateCondition({ formItemId: '2', expression: 'eq', optionValue: 2 }, values)).toBe(false);
    expect(evaluateCondition({ formItemId: '3', expression: 'eq', optionValue: '' }, values)).toBe(false);
    expect(evaluateCondition({ formItemId: '9', expression: 'eq', optionValue: 1 }, values)).toBe(false);
    // 0 is a present answer (the 其他 option).
    expect(evaluateCondition({ formItemId: '4', expression: 'eq', optionValue: '0' }, values)).toBe(true);
  });
  it('ne: present and different; absent is never ne', () => {
    expect(evaluateCondition({ formItemId: '1', expression: 'ne', optionValue: 3 }, values)).toBe(true);
    expect(evaluateCondition({ formItemId: '1', expression: 'ne', optionValue: '2' }, values)).toBe(false);
    expect(evaluateCondition({ formItemId: '3', expression: 'ne', optionValue: 'x' }, values)).toBe(false);
    expect(evaluateCondition({ formItemId: '2', expression: 'ne', optionValue: 5 }, values)).toBe(true);
  });
  it('and stops at the first false, or at the first true', () => {
    const t = { formItemId: '1', expression: 'eq' as const, optionValue: 2 };
    const f = { formItemId: '1', expression: 'eq' as const, optionValue: 7 };
    expect(evaluateRule({ combinator: 1, conditions: [t, t] }, values)).toBe(true);
    expect(evaluateRule({ combinator: 1, conditions: [t, f] }, values)).toBe(false);
    expect(evaluateRule({ combinator: 2, conditions: [f, t] }, values)).toBe(true);
    expect(evaluateRule({ combinator: 2, conditions: [f, f] }, values)).toBe(false);
  });
});

describe('show rules', () => {
  const opts = [
    { value: 1, label: '是' },
    { value: 2, label: '否' },
  ];
  const s = schema(
    [
      { id: 'a', type: 'RADIO', label: '是否会员', options: opts },
      { id: 'b', type: 'RADIO', label: '会员类型', options: opts, defaultValue: 2 },
      { id: 'c', type: 'INPUT', label: '会员编号', required: true },
      { id: 'd', type: 'INPUT', label: '备注' },
    ],
    [
      { showIds: ['b'], combinator: 1, conditions: [{ formItemId: 'a', expression: 'eq', optionValue: 1 }] },
      { showIds: ['c'], combinator: 1, conditions: [{ formItemId: 'b', expression: 'eq', optionValue: 1 }] },
    ],
  );
  it('shows a field while its rule holds; a chain hides with its head, counting hidden fields at their default', () => {
    expect([...visibleFieldIds(s, { fielda: 1, fieldb: 1 })].sort()).toEqual(['a', 'b', 'c', 'd']);
    expect([...visibleFieldIds(s, { fielda: 2, fieldb: 1 })].sort()).toEqual(['a', 'd']);
    expect([...visibleFieldIds(s, {})].sort()).toEqual(['a', 'd']);
  });
  it('drops the rules of hidden fields, and the server refuses a hidden field that was filled', () => {
    expect(validateAnswers(s, { fielda: 2 }).errors).toEqual([]);
    expect(validateAnswers(s, { fielda: 1, fieldb: 1 }).errors).toEqual([
      { id: 'c', name: 'fieldc', message: '会员编号不能为空' },
    ]);
    const tampered = validateAnswers(s, { fielda: 2, fieldc: 'X001' }, { strict: true });
    expect(tampered.errors[0]?.message).toBe('表单数据有误：“会员编号”未显示，不应作答');
    // Not strict (the renderer): hidden answers are simply dropped.
    expect(validateAnswers(s, { fielda: 2, fieldc: 'X001' }).values).toEqual({ fielda: 2 });
  });
  it('the schema refuses rules that name missing fields or a field deciding itself', () => {
    expect(() =>
      schema(
        [{ id: 'a', type: 'INPUT', label: 'A' }],
        [{ showIds: ['a'], combinator: 1, conditions: [{ formItemId: 'a', expression: 'eq', optionValue: 1 }] }],
      ),
    ).toThrow('题目不能以自己的答案决定自己是否显示');
    expect(() =>
      schema(
        [{ id: 'a', type: 'INPUT', label: 'A' }],
        [{ showIds: ['zz'], combinator: 1, conditions: [{ formItemId: 'a', expression: 'eq', optionValue: 1 }] }],
      ),
    ).toThrow('显示逻辑引用了不存在的题目：zz');
  });
});

describe('validation (spec 002 §5 renderer rules)', () => {
  const s = schema([
    { id: 'n', type: 'INPUT', label: '姓名', required: true, personalType: 'fullname' },
    { id: 'p', type: 'INPUT', label: '手机', required: true, placeholder: '请输入手机号', personalType: 'mobile' },
    { id: 'e', type: 'INPUT', label: '邮箱', personalType: 'email' },
    { id: 'i', type: 'INPUT', label: '身份证号', personalType: 'idnumber' },
    {
      id: 'h',
      type: 'CHECKBOX',
      label: '兴趣',
      required: true,
      options: [
        { value: 1, label: '科普' },
        { value: 0, label: '其他' },
      ],
      props: { allowOther: true },
    },
    { id: 'z', type: 'INPUT', label: '邮编', regList: [{ pattern: '^[1-9]\\d{5}$', message: '邮编格式不正确' }] },
    { id: 'r', type: 'RATE', label: '评分' },
    { id: 'dr', type: 'DATE_RANGE', label: '时间段' },
    { id: 't', type: 'TABLE_INPUT', label: '成员' },
    { id: 'x', type: 'DESC_TEXT', label: '说明', props: { content: '<p>说明</p>' } },
  ]);
  const good = { fieldn: '张三', fieldp: '13800000000', fieldh: [1] };

  it('required uses the placeholder, else {label}不能为空; lists need one choice', () => {
    const errors = validateAnswers(s, {}).errors.map((e) => e.message);
    expect(errors).toEqual(['姓名不能为空', '请输入手机号', '请至少选择一个兴趣']);
    expect(validateAnswers(s, { ...good, fieldn: '   ' }).errors[0]?.message).toBe('姓名不能为空');
  });
  it('personal fields bring their checks', () => {
    const msg = (extra: Record<string, unknown>) => validateAnswers(s, { ...good, ...extra }).errors[0]?.message;
    expect(msg({ fieldp: '12345' })).toBe('手机号格式错误');
    expect(msg({ fielde: 'a@b' })).toBe('邮箱格式错误');
    expect(msg({ fielde: 'averyveryverylongname@example.com' })).toBe('邮箱格式错误');
    expect(msg({ fieldi: '1234' })).toBe('身份证格式错误');
    expect(msg({ fieldi: '11010519491231002X' })).toBeUndefined();
  });
  it('其他 needs its text; regex rules give their message; options must be offered', () => {
    const msg = (extra: Record<string, unknown>, strict = false) =>
      validateAnswers(s, { ...good, ...extra }, { strict }).errors[0]?.message;
    expect(msg({ fieldh: [1, 0] })).toBe('请输入其他内容');
    expect(msg({ fieldh: [0], [otherName('h')]: '航模' })).toBeUndefined();
    expect(validateAnswers(s, { ...good, fieldh: [0], fieldhother: ' 航模 ' }).values.fieldhother).toBe('航模');
    expect(msg({ fieldz: '012345' })).toBe('邮编格式不正确');
    expect(msg({ fieldh: [7] })).toBe('“兴趣”的选项不存在');
    expect(msg({ fieldr: 9 })).toBe('“评分”的答案格式不正确');
    expect(msg({ fielddr: ['2026-02-01', '2026-01-01'] })).toBe('“时间段”的开始不能晚于结束');
    expect(msg({ fielddr: ['2026-02-30', '2026-03-01'] })).toBe('“时间段”的答案格式不正确');
    expect(msg({ fieldt: [{ 姓名: '甲', 工作单位: '乙', 职务职称: '' }] })).toBe('请填写完整“成员”的每一格');
    expect(msg({ fieldt: [{ 姓名: '甲', 工作单位: '乙', 职务职称: '丙' }] })).toBeUndefined();
    expect(msg({ fieldx: 'anything' }, true)).toBe('表单数据有误：包含表单中没有的题目');
    expect(msg({ fieldq: 'x' }, true)).toBe('表单数据有误：包含表单中没有的题目');
  });
  it('a cascader answer is a path of option values: lists in it are refused, however deep, never thrown on', () => {
    const [f] = schema([
      {
        id: 'c',
        type: 'CASCADER',
        label: '地区',
        options: [{ value: 1, label: '甲', children: [{ value: 2, label: '乙' }] }],
      },
    ]).fields;
    if (!f) throw new Error('no field');
    expect(fieldProblem(f, [1, '2'], {})).toBeNull();
    expect(fieldProblem(f, [[1], [2]], {})).toBe('“地区”的选项不存在');
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(fieldProblem(f, [deep], {})).toBe('“地区”的选项不存在');
  });
  it('reports the server what it must check itself: files, phones, regions', () => {
    const s2 = schema([
      { id: 'u', type: 'UPLOAD', label: '附件', props: { limit: 2 } },
      { id: 'g', type: 'SIGN_PAD', label: '签名' },
      { id: 'ph', type: 'PHONE_VERIFICATION', label: '手机号验证' },
      { id: 'pc', type: 'PROVINCE_CITY', label: '地区' },
    ]);
    const r = validateAnswers(s2, {
      fieldu: [
        { id: 'f1', name: 'a.pdf' },
        { id: 'f2', name: 'b.pdf' },
      ],
      fieldg: { id: 'f3', name: 'sign.png' },
      fieldph: { phoneNumber: '13800000000', phoneToken: 'tok' },
      fieldpc: ['330000', '330100', '330106'],
    });
    expect(r.errors).toEqual([]);
    expect(r.files.map((f) => f.id)).toEqual(['f1', 'f2', 'f3']);
    expect(r.phones).toEqual([{ fieldId: 'ph', phoneNumber: '13800000000', phoneToken: 'tok' }]);
    expect(r.regionCodes).toEqual([{ fieldId: 'pc', codes: ['330000', '330100', '330106'] }]);
    const over = validateAnswers(s2, { fieldu: [1, 2, 3].map((i) => ({ id: `f${i}`, name: 'x' })) });
    expect(over.errors[0]?.message).toBe('文件不能超过 2 个');
    expect(validateAnswers(s2, { fieldph: { phoneNumber: '13800000000' } }).errors[0]?.message).toBe('请先验证手机号');
  });
  it('validates one page only when asked', () => {
    expect(validateAnswers(s, {}, { only: new Set(['n']) }).errors).toHaveLength(1);
  });
});

describe('stored pairs (spec 002 §3)', () => {
  const s = schema([
    { id: 'a', type: 'INPUT', label: 'A' },
    { id: 'b', type: 'CHECKBOX', label: 'B', options: [{ value: 1, label: 'x' }] },
    { id: 'c', type: 'NUMBER_INPUT', label: 'C' },
    { id: 'd', type: 'SWITCH', label: 'D' },
    { id: 'e', type: 'RADIO', label: 'E', options: [{ value: 1, label: 'y' }] },
    { id: 'f', type: 'PHONE_VERIFICATION', label: 'F' },
  ]);
  it('keeps strings as strings and lists as JSON, and reads them back', () => {
    const values = {
      fielda: '你好',
      fieldb: [1],
      fieldc: 3.5,
      fieldd: true,
      fielde: 1,
      fieldf: { phoneNumber: '13800000000', phoneToken: 't' },
    };
    const pairs = toStoredPairs(s, values);
    expect(pairs).toEqual({
      fielda: '你好',
      fieldb: '[1]',
      fieldc: '3.5',
      fieldd: 'true',
      fielde: '1',
      fieldf: '13800000000',
    });
    expect(fromStoredPairs(s, pairs)).toEqual({ ...values, fieldf: '13800000000' });
  });
});

describe('schema helpers', () => {
  it('splits pages at PAGINATION, starts from defaults, and makes 10-hex ids', () => {
    const s = schema([
      { id: 'a', type: 'INPUT', label: 'A', defaultValue: 'x' },
      { id: 'p', type: 'PAGINATION', label: '' },
      { id: 'b', type: 'INPUT', label: 'B' },
    ]);
    expect(pagesOf(s.fields).map((p) => p.map((f) => f.id))).toEqual([['a'], ['b']]);
    expect(initialValues(s)).toEqual({ [fieldName('a')]: 'x' });
    expect(newFieldId()).toMatch(/^[0-9a-f]{10}$/);
    expect(s.settings).toMatchObject({ labelWidth: 125, submitText: '提交', gutter: 16 });
  });
});

describe('adapters', () => {
  it('reads a designer field rule and writes it back', () => {
    const field = fromDesignerRule({
      type: 'input',
      field: 'Fabc123',
      title: '单位名称',
      info: '填写全称',
      props: { type: 'textarea', maxlength: 100 },
      validate: [
        { type: 'string', trigger: 'blur', required: true, message: '请输入单位名称' },
        { type: 'string', trigger: 'blur', pattern: '^\\S+$', message: '单位名称格式不正确' },
      ],
    });
    expect(field).toMatchObject({
      id: 'Fabc123',
      type: 'TEXTAREA',
      label: '单位名称',
      placeholder: '填写全称',
      required: true,
      regList: [{ pattern: '^\\S+$', message: '单位名称格式不正确' }],
      props: { maxLength: 100 },
    });
    const back = toDesignerRule(field as NonNullable<typeof field>);
    expect(back).toMatchObject({ type: 'input', field: 'Fabc123', props: { type: 'textarea', maxlength: 100 } });
    expect(fromDesignerRule(back)).toEqual(field);
    expect(
      fromDesignerRule({ type: 'datePicker', field: 'd', title: '日期', props: { type: 'daterange' } })?.type,
    ).toBe('DATE_RANGE');
    expect(fromDesignerRule({ type: 'elButton', field: 'x', title: 'x' })).toBeNull();
  });
  it('reads a form builder element and writes it back', () => {
    const field = fromBuilderElement({
      key: '1642748893000',
      model: 'radio1642748893000',
      type: 'RADIO',
      name: '性别',
      personalType: 'gender',
      options: {
        required: true,
        options: [
          { value: 1, label: '男' },
          { value: 2, label: '女' },
        ],
      },
      rules: [],
    });
    expect(field).toMatchObject({ id: '1642748893000', type: 'RADIO', personalType: 'gender', required: true });
    const back = toBuilderElement(field as NonNullable<typeof field>);
    expect(back).toMatchObject({ key: '1642748893000', type: 'RADIO', name: '性别', personalType: 'gender' });
    expect(fromBuilderElement(back)).toEqual(field);
    expect(fromBuilderElement({ ...back, type: 'NOPE' })).toBeNull();
  });
});

describe('every validation message, table-driven (spec 002 §5, 000 §5)', () => {
  const opts = [
    { value: 1, label: '甲' },
    { value: 0, label: '其他' },
  ];
  const f = (over: Record<string, unknown>) =>
    ZFormSchema.parse({ fields: [{ id: 'x', label: '题目', ...over }] }).fields[0];
  const cases: [string, Record<string, unknown>, unknown, Record<string, unknown>?][] = [
    ['题目不能为空', { type: 'INPUT', required: true }, ''],
    ['请填写题目', { type: 'INPUT', required: true, placeholder: '请填写题目' }, undefined],
    ['请至少选择一个题目', { type: 'CHECKBOX', required: true, options: opts }, []],
    ['请至少选择一个题目', { type: 'SELECT', required: true, options: opts, props: { multiple: true } }, []],
    ['请输入其他内容', { type: 'RADIO', options: opts, props: { allowOther: true } }, 0],
    ['只能填数字', { type: 'INPUT', regList: [{ pattern: '^\\d+$', message: '只能填数字' }] }, 'abc'],
    ['手机号格式错误', { type: 'INPUT', personalType: 'mobile' }, '1234'],
    ['邮箱格式错误', { type: 'INPUT', personalType: 'email' }, 'a@'],
    ['身份证格式错误', { type: 'INPUT', personalType: 'idnumber' }, '123'],
    ['请输入正确的手机号', { type: 'PHONE_VERIFICATION' }, { phoneNumber: '123', phoneToken: 't' }],
    ['请先验证手机号', { type: 'PHONE_VERIFICATION' }, { phoneNumber: '13800000000' }],
    [
      '文件不能超过 1 个',
      { type: 'UPLOAD' },
      [
        { id: '1', name: 'a' },
        { id: '2', name: 'b' },
      ],
    ],
    [
      '上传文件超过标准大小了，请重新上传！',
      { type: 'UPLOAD', props: { maxSizeMb: 1 } },
      [{ id: '1', name: 'a', size: 2e6 }],
    ],
    ['“题目”的选项不存在', { type: 'RADIO', options: opts }, 5],
    ['“题目”最多3个字', { type: 'INPUT', props: { maxLength: 3 } }, 'abcd'],
    ['“题目”应在1到5之间', { type: 'NUMBER_INPUT', props: { min: 1, max: 5 } }, 6],
    ['“题目”的开始不能晚于结束', { type: 'TIME_RANGE' }, ['10:00:00', '09:00:00']],
    ['请填写完整“题目”的每一格', { type: 'TABLE_INPUT' }, [{ 姓名: '甲', 工作单位: '', 职务职称: '丙' }]],
    [
      '“题目”最多50行',
      { type: 'TABLE_INPUT', props: { columns: ['a'] } },
      Array.from({ length: 51 }, () => ({ a: 'x' })),
    ],
    ['“题目”的答案格式不正确', { type: 'DATE' }, '2026-13-01'],
    ['“题目”的答案格式不正确', { type: 'COLOR' }, 'red'],
    ['“题目”最多选择1项', { type: 'CHECKBOX', options: opts, props: { max: 1 } }, [1, 0]],
  ];
  it.each(cases)('%s', (message, field, value, others = {}) => {
    const def = f(field);
    if (!def) throw new Error('no field');
    expect(fieldProblem(def, value, { fieldx: value, ...others })).toBe(message);
  });
});

describe('answers as text', () => {
  it('reads option labels, 其他, lists and a stored phone for the answer views and the export', () => {
    const s = ZFormSchema.parse({
      fields: [
        {
          id: 'c',
          type: 'CHECKBOX',
          label: '方向',
          options: [
            { value: 1, label: '人工智能' },
            { value: 0, label: '其他' },
          ],
          props: { allowOther: true },
        },
        { id: 'p', type: 'PHONE_VERIFICATION', label: '手机' },
        { id: 'd', type: 'DATE_RANGE', label: '日期' },
        { id: 'x', type: 'DESC_TEXT', label: '说明' },
      ],
    });
    const stored = {
      fieldc: '[1,0]',
      fieldcother: '航天',
      fieldp: '13800000000',
      fieldd: '["2026-01-01","2026-01-02"]',
    };
    expect(answerLines(s, fromStoredPairs(s, stored))).toEqual([
      { id: 'c', label: '方向', text: '人工智能、其他：航天' },
      { id: 'p', label: '手机', text: '13800000000（已验证）' },
      { id: 'd', label: '日期', text: '2026-01-01 至 2026-01-02' },
    ]);
  });
});
