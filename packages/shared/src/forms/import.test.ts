import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  FIELD_TYPES,
  type FormImport,
  fieldName,
  fieldProblem,
  fromDesignerRule,
  IMPORT_MESSAGES,
  importForm,
  importFormText,
  mergeImport,
  type TFormField,
  toDesignerRule,
  validateAnswers,
  ZFormImport,
  ZFormSchema,
} from '.';

/**
 * 导入 with real saved forms (fixtures/): form-create-designer's saved rule and option strings,
 * a form-create rule list of the element-ui era, TDuck's saved questions as its API answers them,
 * and a TDuck form generator config (typeId and __config__ items, a row container, an unknown
 * layout). Every field type of the engine comes out of them.
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8');
const FIXTURES = ['form-create-designer', 'form-create-element', 'tduck-items', 'tduck-generator'] as const;
const imports = Object.fromEntries(FIXTURES.map((f) => [f, importFormText(fixture(f))])) as Record<
  (typeof FIXTURES)[number],
  FormImport
>;
const field = (from: (typeof FIXTURES)[number], id: string): TFormField => {
  const f = imports[from].fields.find((x) => x.id === id);
  if (!f) throw new Error(`${from}: no field ${id}`);
  return f;
};
/** The field's first problem with an answer, as the renderer and the server see it. */
const check = (f: TFormField, value: unknown) => fieldProblem(f, value, { [fieldName(f.id)]: value });

describe('importing real saved forms', () => {
  it.each(FIXTURES)('%s: reads, makes a schema the server takes, and says what it left', (name) => {
    const r = imports[name];
    expect(r.problem).toBeUndefined();
    expect(r.fields.length).toBeGreaterThan(10);
    const schema = ZFormSchema.parse({ fields: r.fields, logic: r.logic, settings: r.settings });
    expect(schema.fields).toHaveLength(r.fields.length);
    for (const n of r.notes) expect(n).toMatch(/^未能导入：.+（.+）$/);
  });

  it('together they bring every field type of the engine', () => {
    const types = new Set(FIXTURES.flatMap((f) => imports[f].fields.map((x) => x.type)));
    expect(FIELD_TYPES.filter((t) => !types.has(t))).toEqual([]);
  });

  it('knows each shape', () => {
    expect(imports['form-create-designer'].sources).toEqual(['form-create']);
    expect(imports['tduck-items'].sources).toEqual(['tduck']);
    expect(imports['tduck-generator'].sources).toEqual(['tduck-generator']);
  });

  // What each old question becomes: [fixture, id, what the field holds].
  const cases: [(typeof FIXTURES)[number], string, Record<string, unknown>][] = [
    // $required: true, and a message when it is a string.
    ['form-create-designer', 'Fname01', { type: 'INPUT', required: true, props: { maxLength: 20 } }],
    ['form-create-designer', 'Fmobile02', { required: true, requiredMessage: '请填写手机号' }],
    // A required entry of type email: required with its message, and the email check kept.
    [
      'form-create-designer',
      'Femail03',
      { required: true, regList: [{ mode: 'type', type: 'email', trigger: 'blur', message: '请输入正确的邮箱' }] },
    ],
    ['form-create-designer', 'Fintro05', { type: 'TEXTAREA', props: { rows: 5, maxLength: 500 } }],
    [
      'form-create-designer',
      'Fnights07',
      {
        type: 'NUMBER_INPUT',
        defaultValue: 2,
        props: { min: 1, max: 5, step: 1, precision: 0, stepStrictly: true, controls: true, controlsPosition: 'right' },
      },
    ],
    ['form-create-designer', 'Fmeals10', { type: 'SELECT', required: true, props: { multiple: true, max: 2 } }],
    ['form-create-designer', 'Fslot16', { type: 'TIME_RANGE' }],
    ['form-create-designer', 'Fstay18', { type: 'DATE_RANGE', props: { withTime: true } }],
    ['form-create-designer', 'Farrive19', { type: 'DATE', props: { withTime: true } }],
    ['form-create-designer', 'Fleave20', { type: 'DATE_RANGE', props: {} }],
    ['form-create-designer', 'Ffiles22', { type: 'UPLOAD', props: { limit: 3, accept: ['pdf', 'doc', 'docx'] } }],
    [
      'form-create-designer',
      'Fphoto23',
      { type: 'UPLOAD', props: { limit: 1, accept: ['jpg', 'jpeg', 'png', 'gif', 'bmp'] } },
    ],
    [
      'form-create-designer',
      'Forg24',
      {
        type: 'CASCADER',
        options: [
          {
            value: 'zj',
            label: '浙江省科协',
            children: [
              { value: 'hz', label: '杭州市科协', children: [{ value: 'xh', label: '西湖区科协' }] },
              { value: 'nb', label: '宁波市科协' },
            ],
          },
          { value: 'js', label: '江苏省科协' },
        ],
      },
    ],
    ['form-create-designer', 'divider', { type: 'DIVIDER', props: { text: '会务信息' } }],
    [
      'form-create-designer',
      'desc_text_2',
      { type: 'DESC_TEXT', props: { content: '<p>报名成功后不可退费。</p><p>如有疑问请致电会务组。</p>' } },
    ],
    ['form-create-designer', 'row', { type: 'ROW', props: { gutter: 16 } }],
    ['form-create-designer', 'Fcompany26', { row: 'row', span: 12, required: true }],
    ['form-create-designer', 'Fjob27', { row: 'row', span: 12 }],
    ['form-create-designer', 'Fteam34', { type: 'TABLE_INPUT', props: { columns: ['姓名', '单位', '职称'] } }],
    // The element-ui era: effect.required, input type number, url and integer types, cascader keys.
    ['form-create-element', 'unit', { required: true, requiredMessage: '请输入单位名称', span: 12 }],
    [
      'form-create-element',
      'age',
      {
        type: 'NUMBER_INPUT',
        regList: [
          { mode: 'type', type: 'integer' },
          { mode: 'min', value: 18 },
          { mode: 'max', value: 70 },
        ],
      },
    ],
    ['form-create-element', 'code', { regList: [{ mode: 'pattern' }, { pattern: '^[a-z0-9]+$', flags: 'i' }] }],
    ['form-create-element', 'window', { type: 'TIME_RANGE' }],
    ['form-create-element', 'period', { type: 'DATE_RANGE', defaultValue: ['2024-03-01', '2024-03-05'] }],
    [
      'form-create-element',
      'region',
      {
        type: 'CASCADER',
        options: [{ value: '330000', label: '浙江省', children: [{ value: '330100', label: '杭州市' }] }],
      },
    ],
    [
      'form-create-element',
      'license',
      { type: 'UPLOAD', props: { limit: 2, accept: ['jpg', 'jpeg', 'png', 'gif', 'bmp'] } },
    ],
    // TDuck's saved questions: expand's settings, defaultValue { json, value }.
    ['tduck-items', '1642748893006', { type: 'TEXTAREA', props: { rows: 4, maxLength: 300 } }],
    ['tduck-items', '1642748893007', { type: 'INPUT' }],
    [
      'tduck-items',
      '1642748893008',
      {
        defaultValue: 1,
        props: { min: 0, max: 5, step: 1, precision: 0, stepStrictly: true, controlsPosition: 'right' },
      },
    ],
    ['tduck-items', '1642748893010', { type: 'SELECT', props: { multiple: true }, defaultValue: [1, 3] }],
    ['tduck-items', '1642748893013', { props: { max: 3 }, regList: [{ mode: 'min', type: 'array', value: 1 }] }],
    ['tduck-items', '1642748893017', { type: 'TIME_RANGE' }],
    ['tduck-items', '1642748893018', { type: 'DATE', props: { withTime: true } }],
    ['tduck-items', '1642748893022', { props: { limit: 3, maxSizeMb: 20, accept: ['pdf', 'doc', 'docx'] } }],
    ['tduck-items', '1642748893023', { props: { limit: 1, maxSizeMb: 0.488 } }],
    [
      'tduck-items',
      '1642748893025',
      {
        type: 'IMAGE_CAROUSEL',
        props: {
          images: [
            'https://tduck-static.oss-cn-beijing.aliyuncs.com/2022.png',
            'https://tduck-static.oss-cn-beijing.aliyuncs.com/2023.png',
          ],
        },
      },
    ],
    [
      'tduck-items',
      '1642748893026',
      {
        type: 'IMAGE_SELECT',
        props: { max: 1 },
        options: [
          { value: 1, label: '方案一', image: 'https://tduck-static.oss-cn-beijing.aliyuncs.com/logo1.png' },
          { value: 2, label: '方案二', image: 'https://tduck-static.oss-cn-beijing.aliyuncs.com/logo2.png' },
        ],
      },
    ],
    ['tduck-items', '1642748893030', { type: 'PAGINATION' }],
    // The generator: numeric type ids, paths of element props, a row container's questions.
    ['tduck-generator', '103', { type: 'TEXTAREA', props: { rows: 6, maxLength: 1000 } }],
    ['tduck-generator', '104', { props: { step: 0.5, precision: 1, stepStrictly: true, controlsPosition: 'default' } }],
    ['tduck-generator', '109', { type: 'TIME_RANGE' }],
    ['tduck-generator', '111', { type: 'UPLOAD', props: { maxSizeMb: 5, limit: 1, accept: ['pdf'] } }],
    ['tduck-generator', '112', { type: 'ROW', props: { justify: 'space-between', align: 'middle' } }],
    ['tduck-generator', '113', { row: '112', span: 12 }],
    ['tduck-generator', '116', { type: 'DESC_TEXT', props: { content: '<p>专家信息仅用于评审工作。</p>' } }],
  ];
  it.each(cases)('%s %s', (from, id, expected) => {
    expect(field(from, id)).toMatchObject(expected);
  });

  // Regular expressions saved as literals work as they did: [fixture, id, good, bad, message].
  const patterns: [(typeof FIXTURES)[number], string, string, string, string][] = [
    ['tduck-items', '1642748893002', '13912345678', '12345678901', '手机号格式错误'],
    ['tduck-items', '1642748893003', 'zhang.san@kexie.org.cn', 'zhangsan@', '邮箱格式错误'],
    ['tduck-items', '1642748893004', '11010519491231002X', '110105194912310', '身份证格式错误'],
    ['tduck-generator', '101', '18600001111', '1860000111', '手机号格式错误'],
    ['form-create-designer', 'Fmobile02', '15800001111', '25800001111', '手机号格式不正确'],
    ['form-create-designer', 'Fidno04', '33010619800101123x', '3301061980', '身份证号格式不正确'],
    ['form-create-element', 'code', '91330106MA2AXXXX0K', '91330106', '信用代码格式不正确'],
  ];
  it.each(patterns)('%s %s: accepts %s, refuses %s', (from, id, good, bad, message) => {
    const f = field(from, id);
    expect(check(f, good)).toBeNull();
    expect(check(f, bad)).toBe(message);
  });

  it('drops the defaults the validator refuses, and says so', () => {
    expect(field('form-create-designer', 'Fhotel08').defaultValue).toBeUndefined();
    expect(field('form-create-designer', 'Ftopics09').defaultValue).toBeUndefined();
    expect(field('form-create-designer', 'Fbirth17').defaultValue).toBeUndefined();
    expect(field('tduck-items', '1642748893012').defaultValue).toBeUndefined();
    expect(field('tduck-generator', '105').defaultValue).toBeUndefined();
    // A good default stays (the switch's 1/0 read as yes/no).
    expect(field('form-create-designer', 'Finvoice11').defaultValue).toBe(false);
    expect(imports['form-create-designer'].notes).toEqual(
      expect.arrayContaining([
        '未能导入：“是否住宿”的默认值（“是否住宿”的选项不存在）',
        '未能导入：“出生日期”的默认值（“出生日期”的答案格式不正确）',
        '未能导入：“证件照”的默认值（这类题目的默认值无法导入）',
      ]),
    );
  });

  it('lists everything it could not carry, with the question and the reason', () => {
    expect(imports['tduck-generator'].notes).toEqual([
      '未能导入：“学历”的默认值（“学历”的选项不存在）',
      '未能导入：“评审记录表”（没有与raw匹配的layout）',
    ]);
    expect(imports['tduck-items'].notes).toEqual([
      '未能导入：“个人主页”的前缀“https://”（输入框没有前后缀）',
      '未能导入：“个人主页”的后缀“.com”（输入框没有前后缀）',
      '未能导入：“性别”的默认值（“性别”的选项不存在）',
      '未能导入：“兴趣方向”的默认值（“兴趣方向”的选项不存在）',
      '未能导入：“课程评价矩阵”（没有对应的题型：MATRIX_SCALE）',
    ]);
    expect(imports['form-create-designer'].notes).toEqual(
      expect.arrayContaining([
        '未能导入：“随行人员”（子表单没有对应的题型）',
        '未能导入：按钮（没有对应的题型：elButton）',
        '未能导入：隐藏字段（隐藏字段不是题目）',
        '未能导入：“研究领域”（没有对应的题型：tree）',
        '未能导入：“邀请码”的校验规则“邀请码不存在”（自定义校验函数无法导入）',
        '未能导入：“入住酒店”的选项（选项来自接口，请在设计器中从接口导入选项）',
        '未能导入：“毕业年月”的显示类型 month（按日期导入）',
        '未能导入：“论文摘要”的富文本格式（按多行文本导入）',
      ]),
    );
    expect(imports['form-create-element'].notes).toEqual(
      expect.arrayContaining([
        '未能导入：“发票类型”的联动（联动条件是一段代码，无法导入）',
        '未能导入：“开票项目”的选项“培训费（重复）”（与其他选项的值重复）',
        '未能导入：“附件”（没有对应的题型：frame）',
        '未能导入：“预算区间”的范围选择（按单个值导入）',
        '未能导入：“开票地区”的多选（级联选择按单选导入）',
      ]),
    );
  });

  it("turns form-create's linked controls into show rules (a rule written inside a control included)", () => {
    expect(imports['form-create-designer'].logic).toEqual([
      {
        showIds: ['Fnights07', 'Fstay18'],
        combinator: 1,
        conditions: [{ formItemId: 'Fhotel08', expression: 'eq', optionValue: '1' }],
      },
    ]);
    expect(imports['form-create-element'].logic).toEqual([
      {
        showIds: ['bank', 'account'],
        combinator: 1,
        conditions: [{ formItemId: 'kind', expression: 'eq', optionValue: 2 }],
      },
      { showIds: ['note'], combinator: 1, conditions: [{ formItemId: 'items', expression: 'ne', optionValue: 'a' }] },
    ]);
    // The imported form behaves: 住宿天数 shows only when 是 is chosen.
    const r = imports['form-create-designer'];
    const schema = ZFormSchema.parse({ fields: r.fields, logic: r.logic });
    const base = {
      fieldFname01: '王小明',
      fieldFmobile02: '13900001111',
      fieldFemail03: 'a@b.cn',
      fieldFmeals10: ['1'],
    };
    const extra = { fieldForg24: ['zj', 'hz'], fieldFcompany26: '省科协' };
    expect(validateAnswers(schema, { ...base, ...extra, fieldFhotel08: '2' }).errors).toEqual([]);
    expect(validateAnswers(schema, { ...base, ...extra, fieldFhotel08: '1' }).errors.map((e) => e.id)).toEqual([
      'Fstay18',
    ]);
  });

  it('reads the form options', () => {
    expect(imports['form-create-designer'].settings).toEqual({
      labelPosition: 'right',
      size: 'middle',
      labelWidth: 125,
      hideRequiredAsterisk: false,
      showMessage: true,
      inlineMessage: false,
      submitText: '提交报名',
      showReset: true,
    });
    expect(imports['tduck-generator'].settings).toMatchObject({ labelPosition: 'top', labelWidth: 100, gutter: 15 });
  });

  it('takes the shapes one by one too, and the wrappers the old systems answer with', () => {
    const tduck = JSON.parse(fixture('tduck-items')).data;
    expect(importForm(tduck[0]).fields).toHaveLength(1);
    expect(importForm({ projectItems: tduck }).fields).toHaveLength(imports['tduck-items'].fields.length);
    expect(importForm({ list: tduck }).fields).toHaveLength(imports['tduck-items'].fields.length);
    const rules = JSON.parse(JSON.parse(fixture('form-create-designer')).rule);
    expect(importForm(rules).fields).toHaveLength(imports['form-create-designer'].fields.length);
    expect(importForm(JSON.stringify(rules)).fields).toHaveLength(imports['form-create-designer'].fields.length);
  });

  it('never throws: broken text, wrong shapes and random values give a message or notes', () => {
    expect(importFormText('{not json').problem).toBe(IMPORT_MESSAGES.badText);
    expect(importFormText('{"a":1}').problem).toBe(IMPORT_MESSAGES.nothing);
    expect(importFormText('[]').problem).toBe(IMPORT_MESSAGES.nothing);
    expect(importFormText('[{"type":"elButton"}]')).toMatchObject({
      problem: IMPORT_MESSAGES.nothing,
      notes: ['未能导入：按钮（没有对应的题型：elButton）'],
    });
    // Divider, HTML and text rules without a field.
    expect(importForm([{ type: 'el-divider' }, { type: 'html' }, { type: 'span' }]).fields.map((f) => f.type)).toEqual([
      'DIVIDER',
      'DESC_TEXT',
      'DESC_TEXT',
    ]);
    const items = [
      ...JSON.parse(JSON.parse(fixture('form-create-designer')).rule),
      ...JSON.parse(fixture('tduck-items')).data,
      ...JSON.parse(fixture('tduck-generator')).fields,
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...items),
        fc.constantFrom(
          'type',
          'field',
          'title',
          'props',
          'options',
          'validate',
          'expand',
          'regList',
          'label',
          '__config__',
          'defaultValue',
          'value',
          'children',
          'control',
          'formItemId',
          'span',
        ),
        fc.anything(),
        (item, key, value) => {
          const r = importForm([{ ...item, [key]: value }]);
          ZFormSchema.parse({ fields: r.fields, logic: r.logic, settings: r.settings });
        },
      ),
      { numRuns: 600 },
    );
    fc.assert(
      fc.property(fc.anything(), (v) => void importForm(v)),
      { numRuns: 300 },
    );
  });
});

describe('an import added to a design', () => {
  it('keeps ids unique, renaming the show rules and row containers that name them', () => {
    const design = ZFormSchema.parse({ fields: [{ id: 'row', type: 'INPUT', label: '已有' }] });
    const r = imports['form-create-designer'];
    let n = 0;
    const merged = mergeImport(design, r, { settings: true, newId: () => `new${++n}` });
    const schema = ZFormSchema.parse(merged);
    expect(schema.fields[0]?.label).toBe('已有');
    const row = schema.fields.find((f) => f.type === 'ROW');
    expect(row?.id).toBe('new1');
    expect(schema.fields.filter((f) => f.row === 'new1').map((f) => f.id)).toEqual(['Fcompany26', 'Fjob27']);
    expect(schema.settings.submitText).toBe('提交报名');
    expect(mergeImport(design, r).settings).toEqual(design.settings);
  });
});

describe('adapters (one rule, one element)', () => {
  it('reads a designer field rule and writes it back, version 2 rules and all', () => {
    const f = fromDesignerRule({
      type: 'input',
      field: 'Fabc123',
      title: '单位名称',
      info: '填写全称',
      props: { type: 'textarea', maxlength: 100 },
      validate: [
        { type: 'string', trigger: 'blur', required: true, message: '请输入单位名称' },
        { type: 'string', trigger: 'blur', pattern: '/^\\S+$/i', message: '单位名称格式不正确' },
        { type: 'string', trigger: 'change', mode: 'max', max: 50, message: '最多50字' },
      ],
    });
    expect(f).toMatchObject({
      id: 'Fabc123',
      type: 'TEXTAREA',
      placeholder: '填写全称',
      required: true,
      requiredMessage: '请输入单位名称',
      regList: [
        { mode: 'pattern', pattern: '^\\S+$', flags: 'i', message: '单位名称格式不正确' },
        { mode: 'max', trigger: 'change', value: 50 },
      ],
      props: { maxLength: 100 },
    });
    const back = toDesignerRule(f as TFormField);
    expect(back).toMatchObject({ type: 'input', field: 'Fabc123', $required: '请输入单位名称' });
    expect(fromDesignerRule(back)).toEqual(f);
    // The rich text editor has no equivalent: a multi-line text, said in the import's notes.
    expect(fromDesignerRule({ type: 'fcEditor', field: 'x', title: '摘要' })?.type).toBe('TEXTAREA');
    expect(fromDesignerRule({ type: 'elButton' })).toBeNull();
  });
});

describe('the import’s answer', () => {
  it('names only the form options the old form had (no defaults for the rest, in either serializer)', () => {
    const answer = { sources: [], fields: [], logic: [], settings: { labelWidth: 100 }, notes: [] };
    expect(ZFormImport.parse(answer).settings).toEqual({ labelWidth: 100 });
    // The production serializer writes the JSON Schema's defaults: there must be none.
    const settings = z.toJSONSchema(ZFormImport, { io: 'output' }).properties?.settings;
    expect(JSON.stringify(settings)).not.toContain('"default"');
    expect(ZFormImport.safeParse({ ...answer, settings: { labelWidth: 1000 } }).success).toBe(false);
  });
});

/**
 * Pasted JSON is anyone's: whatever it holds, the import answers in bounded time and memory, and
 * never throws (a throw is a 500 on the server, where the route runs it).
 */
describe('hostile pasted text', () => {
  const timed = (text: string) => {
    const started = Date.now();
    const result = importFormText(text);
    return { result, ms: Date.now() - started, size: JSON.stringify(result).length };
  };

  it('layout rules nested thousands deep end in a note, not a stack overflow', () => {
    let card = '{"type":"input","field":"a","title":"x"}';
    while (card.length < 300_000) card = `{"type":"card","children":[${card}]}`;
    let row = '{"type":"input","field":"a","title":"x"}';
    while (row.length < 300_000) row = `{"type":"row","children":[{"type":"col","children":[${row}]}]}`;
    let control = '{"type":"input","field":"a","title":"x"}';
    while (control.length < 300_000)
      control = `{"type":"input","field":"b","title":"y","control":[{"value":1,"rule":[${control}]}]}`;
    let tduck = '{"__config__":{"label":"a","tag":"el-input"}}';
    while (tduck.length < 300_000) tduck = `{"__config__":{"layout":"rowFormItem","children":[${tduck}]}}`;
    for (const text of [card, row, control, tduck]) {
      const { result } = timed(`[${text}]`);
      expect(result.notes.some((n) => n.includes('嵌套超过20层'))).toBe(true);
    }
    // A default value nested deep is not a default (comparing it would recurse).
    let deep = '1';
    while (deep.length < 100_000) deep = `[${deep}]`;
    const cascader = `[{"type":"cascader","field":"a","title":"地区","value":${deep},"props":{"options":[{"value":1,"label":"甲"}]}}]`;
    expect(timed(cascader).result.notes).toEqual(['未能导入：“地区”的默认值（默认值格式不正确）']);
  });

  it('a thousand questions of one name take linear time; past 500 they are only noted', () => {
    const one = '{"type":"input","field":"a"}';
    const { result, ms } = timed(`[${Array(20_000).fill(one).join(',')}]`);
    expect(result.fields).toHaveLength(500);
    expect(result.fields.slice(0, 3).map((f) => f.id)).toEqual(['a', 'a_2', 'a_3']);
    expect(ms).toBeLessThan(5_000);
    // The notes are listed up to 200, the rest counted in one.
    expect(result.notes).toHaveLength(201);
    expect(result.notes.at(-1)).toBe('未能导入：另有19300处内容（提示过多，未逐条列出）');
  });

  it('a long title repeated in many notes is quoted short: the answer stays small', () => {
    const title = '题'.repeat(100_000);
    const options = Array(20_000).fill('{"value":{}}').join(',');
    const { result, size } = timed(`[{"type":"select","field":"a","title":"${title}","options":[${options}]}]`);
    expect(result.fields).toHaveLength(1);
    expect(result.notes[0]).toBe(`未能导入：“${'题'.repeat(30)}…”的选项“（空）”（选项的值不正确）`);
    expect(size).toBeLessThan(200_000);
  });
});
