import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminsOfTwoTenants, createTestApp, createTestPerson, TestClient, type TestContext } from '../../../testing';
import { insertOrg } from '../../org';
import { setElements } from './projects';

const OPS = '/st365/projects/operations';
const FLOWS = `${OPS}/flows`;
const RULES = `${OPS}/score-rules`;
const SCHEMES = `${OPS}/grading-schemes`;
const ELEMENTS = `${OPS}/elements`;
const ORG_CATEGORIES = `${OPS}/org-categories`;
const MAPPINGS = `${OPS}/category-domains`;
const TEMPLATES = `${OPS}/templates`;

const FORM = { fields: [{ id: 'summary', type: 'TEXTAREA', label: '项目摘要', required: true }] };
const ITEMS = [
  { key: 'innovation', name: '创新性', max: 60, weight: 1 },
  { key: 'feasibility', name: '可行性', max: 40, weight: 1 },
];
const FLOW = [
  { kind: 'formal_review', name: '形式审查' },
  { kind: 'expert_review', name: '专家评审', mode: 'score', items: ITEMS },
  { kind: 'decision', name: '评审结果', grades: [{ name: '一等', min: 80 }] },
];
/** An expert round at once: a submitted declaration waits for allocation. */
const EXPERT_ONLY = [
  { kind: 'expert_review', mode: 'score', reviewersPerDeclaration: 1, maxPerExpert: 5, items: ITEMS },
];

describe('projects operations (运营管理): libraries, defaults, operations, forms', () => {
  let t: TestContext;
  let admin: TestClient;
  let other: TestClient;
  let tenantA: number;
  let domainA: string;
  let u1: number;
  let u2: number;
  const ids: Record<string, number> = {};

  const ok = <R extends { body: { code: number; msg: string } }>(res: R): R => {
    expect(res.body.code, res.body.msg).toBe(200);
    return res;
  };
  /** Starts an export, runs the queue and reads the sheet's first rows as text. */
  async function exported(path: string, body: Record<string, unknown> = {}) {
    const job = ok(await admin.post(path, body));
    while (await t.app.jobs.runOnce(tenantA)) {
      // every queued job
    }
    const progress = (await admin.get(`/st365/common/process?key=${job.body.data.key}`)).body.data;
    expect(progress).toMatchObject({ rate: 100 });
    const file = await admin.get(`/st365${progress.url}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.raw.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0] as ExcelJS.Worksheet;
    const rows: string[][] = [];
    ws.eachRow((r) => {
      rows.push((r.values as unknown[]).slice(1).map((v) => (v instanceof Date ? v.toISOString() : String(v ?? ''))));
    });
    return rows;
  }
  /** A published project of the tenant's admin with a flow and a form. */
  async function publishedProject(name: string, flow: unknown[], settings: Record<string, unknown> = {}) {
    const id = ok(await admin.post('/st365/projects', { name, flow, settings })).body.data.id as number;
    const key = (await admin.get(`/st365/projects/${id}`)).body.data.formKey;
    ok(await admin.put(`/st365/project/forms/${key}/schema`, { schema: FORM }));
    ok(await admin.post(`/st365/project/forms/${key}/publish`));
    ok(await admin.post(`/st365/projects/${id}/publish`));
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp({ JOB_WORKER: '0' });
    const two = await adminsOfTwoTenants(t);
    admin = two.a;
    other = two.b;
    tenantA = two.ta.id;
    domainA = two.ta.domain;
    [u1, u2] = await t.db.withTenant(tenantA, async (tx) => [
      (await insertOrg(tx, tenantA, { name: '示范大学', orgType: 8 })).id,
      (await insertOrg(tx, tenantA, { name: '示范科技公司', orgType: 7 })).id,
    ]);
  });
  afterAll(() => t.close());

  it('项目流程: a library of checked flows, one default, names unique; the other tenant sees none', async () => {
    const bad = await admin.post(FLOWS, { name: '坏流程', flow: [FLOW[2], FLOW[0]] });
    expect(bad.body).toMatchObject({ success: false, msg: expect.stringContaining('评审结果环节必须是最后一个环节') });
    expect((await admin.post(FLOWS, { name: '', flow: FLOW })).body.msg).toContain('请输入流程名称');
    ids.flowA = ok(await admin.post(FLOWS, { name: '标准流程', flow: FLOW, isDefault: true })).body.data.id;
    ids.flowB = ok(await admin.post(FLOWS, { name: '审议流程', flow: [FLOW[0]], isDefault: true })).body.data.id;
    expect((await admin.post(FLOWS, { name: '标准流程', flow: FLOW })).body.msg).toBe('流程名称已存在');
    const list = (await admin.get(FLOWS)).body.data;
    expect(list.total).toBe(2);
    // One default: the last one marked.
    expect(list.records.map((r: { name: string; isDefault: boolean }) => [r.name, r.isDefault])).toEqual([
      ['审议流程', true],
      ['标准流程', false],
    ]);
    expect(list.records[1].stageText).toBe('形式审查 → 专家评审 → 评审结果');
    expect((await admin.get(`${FLOWS}?keyword=标准`)).body.data.total).toBe(1);
    ok(await admin.put(`${FLOWS}/${ids.flowA}`, { name: '标准评分流程', flow: FLOW, isDefault: true }));
    expect((await admin.get(`${FLOWS}/${ids.flowB}`)).body.data.isDefault).toBe(false);
    expect((await admin.put(`${FLOWS}/${ids.flowB}`, { name: '标准评分流程', flow: FLOW })).body.msg).toBe(
      '流程名称已存在',
    );
    // The other tenant can neither read nor change it.
    expect((await other.get(FLOWS)).body.data.total).toBe(0);
    expect((await other.get(`${FLOWS}/${ids.flowA}`)).body.msg).toBe('评审流程不存在或已删除');
    expect((await other.put(`${FLOWS}/${ids.flowA}`, { name: '改', flow: FLOW })).body.msg).toBe(
      '评审流程不存在或已删除',
    );
    expect((await other.delete(`${FLOWS}/${ids.flowA}`)).body.msg).toBe('评审流程不存在或已删除');
    const rows = await exported(`${FLOWS}/export-jobs`);
    expect(rows[0]).toEqual(['流程名称', '评审环节', '说明', '默认流程', '更新时间']);
    expect(rows).toHaveLength(3);
    ok(await admin.delete(`${FLOWS}/${ids.flowB}`));
    expect((await admin.delete(`${FLOWS}/${ids.flowB}`)).body.msg).toBe('评审流程不存在或已删除');
  });

  it('评分规则 and 定级方案: checked items and grades; the default of 评审设置 is not deleted', async () => {
    const dup = await admin.post(RULES, { name: '重复编码', items: [ITEMS[0], ITEMS[0]] });
    expect(dup.body.msg).toContain('评分项编码重复');
    expect((await admin.post(RULES, { name: '空规则', items: [] })).body.msg).toContain('请至少设置一个评分项');
    ids.rule = ok(await admin.post(RULES, { name: '创新项目评分', items: ITEMS })).body.data.id;
    expect((await admin.get(`${RULES}/${ids.rule}`)).body.data).toMatchObject({
      itemText: '创新性 60、可行性 40',
      fullMark: 100,
    });
    const noPercent = await admin.post(SCHEMES, { name: '按比例', method: 'quota', grades: [{ name: '资助' }] });
    expect(noPercent.body.msg).toContain('按比例定级时，每个等级都要填写比例');
    const over = await admin.post(SCHEMES, {
      name: '超比例',
      method: 'quota',
      grades: [
        { name: '甲', percent: 60 },
        { name: '乙', percent: 50 },
      ],
    });
    expect(over.body.msg).toContain('各等级比例之和不能超过100%');
    ids.scheme = ok(
      await admin.post(SCHEMES, {
        name: '两等',
        method: 'threshold',
        grades: [
          { name: '一等', min: 85 },
          { name: '二等', min: 70 },
        ],
        publicityDays: 5,
      }),
    ).body.data.id;
    expect((await admin.get(`${SCHEMES}/${ids.scheme}`)).body.data.gradeText).toBe('一等 ≥85、二等 ≥70');

    // 评审设置 names them; the wizard's library pre-fills a new stage with them.
    const view = (await admin.get(`${OPS}/review-settings`)).body.data;
    expect(view.settings).toMatchObject({ reviewersPerDeclaration: 3, categoryDomains: true, scoreRuleId: null });
    expect((await admin.put(`${OPS}/review-settings`, { ...view.settings, scoreRuleId: 999999 })).body.msg).toBe(
      '评分规则不存在或已删除',
    );
    expect(
      (await admin.put(`${OPS}/review-settings`, { ...view.settings, reviewersPerDeclaration: 0 })).body.msg,
    ).toContain('每份申报至少1位评审专家');
    ok(
      await admin.put(`${OPS}/review-settings`, {
        ...view.settings,
        reviewersPerDeclaration: 5,
        blind: true,
        combine: 'normalised',
        scoreRuleId: ids.rule,
        gradingSchemeId: ids.scheme,
      }),
    );
    expect((await admin.delete(`${RULES}/${ids.rule}`)).body.msg).toBe(
      '该规则是评审设置中的默认评分规则，请先在评审设置中更换',
    );
    expect((await admin.delete(`${SCHEMES}/${ids.scheme}`)).body.msg).toBe(
      '该方案是评审设置中的默认定级方案，请先在评审设置中更换',
    );
    const library = (await admin.get('/st365/projects/library')).body.data;
    expect(library.review).toMatchObject({ reviewersPerDeclaration: 5, blind: true, scoreRuleId: ids.rule });
    expect(library.scoreRules).toEqual([expect.objectContaining({ id: ids.rule, items: ITEMS, fullMark: 100 })]);
    expect(library.flows.map((f: { name: string }) => f.name)).toEqual(['标准评分流程']);
    // Another tenant's settings are its own; it cannot reach these rows.
    expect((await other.get(`${OPS}/review-settings`)).body.data).toMatchObject({
      settings: { reviewersPerDeclaration: 3 },
      scoreRules: [],
    });
    expect((await other.get(`${RULES}/${ids.rule}`)).body.msg).toBe('评分规则不存在或已删除');
    expect((await other.put(`${SCHEMES}/${ids.scheme}`, { name: 'x', grades: [{ name: 'a', min: 1 }] })).body.msg).toBe(
      '定级方案不存在或已删除',
    );
    expect((await other.put(`${OPS}/review-settings`, { scoreRuleId: ids.rule })).body.msg).toBe(
      '评分规则不存在或已删除',
    );
  });

  it('运营设置: the declaration defaults a new project starts with', async () => {
    expect((await admin.get(`${OPS}/declaration-settings`)).body.data.settings).toMatchObject({
      perApplicantLimit: 1,
      durationDays: 0,
    });
    expect((await admin.put(`${OPS}/declaration-settings`, { perApplicantLimit: -1 })).body.msg).toContain(
      '限报数不能为负',
    );
    ok(
      await admin.put(`${OPS}/declaration-settings`, {
        perApplicantLimit: 3,
        perUnitLimit: 10,
        orgTypes: [8, 8, 7],
        durationDays: 14,
      }),
    );
    const library = (await admin.get('/st365/projects/library')).body.data;
    expect(library.declaration).toMatchObject({ perApplicantLimit: 3, perUnitLimit: 10, orgTypes: [8, 7] });
    expect((await other.get(`${OPS}/declaration-settings`)).body.data.settings.perApplicantLimit).toBe(1);
  });

  it('项目要素编辑 and 组织类别: values by type, unique names, counted units', async () => {
    const add = async (type: string, name: string, sort = 0) =>
      ok(await admin.post(ELEMENTS, { type, name, sort })).body.data.id as number;
    ids.engineering = await add('category', '工程技术', 1);
    ids.science = await add('category', '自然科学', 2);
    ids.key = await add('level', '重点项目');
    ids.y2027 = await add('year', '2027年度');
    expect((await admin.post(ELEMENTS, { type: 'category', name: '工程技术' })).body.msg).toBe(
      '项目类别“工程技术”已存在',
    );
    expect((await admin.post(ELEMENTS, { type: 'colour', name: '红' })).body.msg).toContain('要素类型不存在');
    expect((await admin.get(`${ELEMENTS}?type=category`)).body.data.total).toBe(2);
    // The type is fixed once made: the update schema has no type.
    ok(await admin.put(`${ELEMENTS}/${ids.science}`, { name: '基础研究', sort: 2, enabled: false }));
    expect((await admin.get(`${ELEMENTS}/${ids.science}`)).body.data).toMatchObject({
      type: 'category',
      name: '基础研究',
      enabled: false,
    });
    expect((await other.put(`${ELEMENTS}/${ids.science}`, { name: '改' })).body.msg).toBe('项目要素不存在或已删除');
    expect((await other.delete(`${ELEMENTS}/${ids.science}`)).body.msg).toBe('项目要素不存在或已删除');
    expect((await other.get(ELEMENTS)).body.data.total).toBe(0);

    expect((await admin.post(ORG_CATEGORIES, { name: '坏类别', orgTypes: [104] })).body.msg).toContain(
      '单位类型不存在',
    );
    expect((await admin.post(ORG_CATEGORIES, { name: '空', orgTypes: [] })).body.msg).toContain('请选择单位类型');
    ids.universities = ok(await admin.post(ORG_CATEGORIES, { name: '高等院校', orgTypes: [8] })).body.data.id;
    ok(await admin.post(ORG_CATEGORIES, { name: '企业', orgTypes: [7, 9] }));
    expect((await admin.post(ORG_CATEGORIES, { name: '企业', orgTypes: [7] })).body.msg).toBe('类别名称已存在');
    const cats = (await admin.get(ORG_CATEGORIES)).body.data.records;
    expect(
      cats.map((c: { name: string; orgTypeText: string; unitCount: number }) => [c.name, c.orgTypeText, c.unitCount]),
    ).toEqual([
      ['高等院校', '高校', 1],
      ['企业', '企业、科协直属事业单位', 1],
    ]);
    expect((await admin.get('/st365/projects/library')).body.data.orgCategories).toHaveLength(2);
    expect((await other.get(`${ORG_CATEGORIES}/${ids.universities}`)).body.msg).toBe('组织类别不存在或已删除');
    expect((await other.delete(`${ORG_CATEGORIES}/${ids.universities}`)).body.msg).toBe('组织类别不存在或已删除');
    expect((await other.put(`${ORG_CATEGORIES}/${ids.universities}`, { name: '改', orgTypes: [8] })).body.msg).toBe(
      '组织类别不存在或已删除',
    );
    const rows = await exported(`${ELEMENTS}/export-jobs`, { type: 'category' });
    expect(rows.map((r) => r[1])).toEqual(['要素名称', '工程技术', '基础研究']);
    // Values come in from Excel too (the kit's import: template, then rows checked by the schema).
    const template = await admin.get(`${ELEMENTS}/import-template`);
    expect(template.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('项目要素');
    ws.addRow(['要素类型', '要素名称', '启用', '排序', '备注']);
    ws.addRow(['年度', '2028年度', '是', 3, '']);
    ws.addRow(['颜色', '红', '是', 1, '']);
    const form = new FormData();
    form.append('file', new Blob([await wb.xlsx.writeBuffer()]), '要素.xlsx');
    const imported = await admin.upload(`${ELEMENTS}/import?mode=valid`, form);
    expect(imported.body.data).toMatchObject({ total: 2, inserted: 1, problems: [{ row: 3, column: '要素类型' }] });
    expect((await admin.get(`${ELEMENTS}?type=year&keyword=2028`)).body.data.total).toBe(1);
  });

  it('模板管理: a template from a library flow, renamed, used for a project, deleted', async () => {
    expect((await admin.get(`${OPS}/flow-options`)).body.data.list).toEqual([{ id: ids.flowA, name: '标准评分流程' }]);
    expect((await other.get(`${OPS}/flow-options`)).body.data.list).toEqual([]);
    expect((await admin.post(TEMPLATES, { name: '无流程' })).body.msg).toContain('请选择评审流程');
    expect((await admin.post(TEMPLATES, { name: '坏流程', flowId: 999999 })).body.msg).toBe('评审流程不存在或已删除');
    ids.template = ok(await admin.post(TEMPLATES, { name: '年度创新项目模板', flowId: ids.flowA })).body.data.id;
    const detail = (await admin.get(`/st365/projects/${ids.template}`)).body.data;
    // The flow of the library, the 运营设置 defaults (no deadline for a template), a form of its own.
    expect(detail).toMatchObject({ isTemplate: true, flow: expect.any(Array), formPublished: false });
    expect(detail.flow.map((s: { name: string }) => s.name)).toEqual(['形式审查', '专家评审', '评审结果']);
    expect(detail.settings).toMatchObject({ perApplicantLimit: 3, perUnitLimit: 10, closeAt: null });
    ok(await admin.put(`${TEMPLATES}/${ids.template}`, { name: '2027年度创新项目模板' }));
    ok(await admin.put(`/st365/projects/${ids.template}/elements`, { categoryId: ids.engineering, levelId: ids.key }));
    expect((await admin.get(`/st365/projects/${ids.template}/elements`)).body.data).toEqual({
      categoryId: ids.engineering,
      levelId: ids.key,
      yearId: null,
    });
    const list = (await admin.get(TEMPLATES)).body.data;
    expect(list.records).toEqual([
      expect.objectContaining({
        name: '2027年度创新项目模板',
        stageText: '形式审查 → 专家评审 → 评审结果',
        categoryName: '工程技术',
        levelName: '重点项目',
        formPublished: false,
      }),
    ]);
    // A project is not a template here.
    const project = ok(await admin.post('/st365/projects', { name: '普通项目', flow: FLOW, settings: {} })).body.data
      .id;
    expect((await admin.put(`${TEMPLATES}/${project}`, { name: '改' })).body.msg).toBe('模板不存在或已删除');
    expect((await admin.get(`${TEMPLATES}/${project}`)).body.msg).toBe('模板不存在或已删除');
    ok(await admin.delete(`/st365/projects/${project}`));
    // The other tenant.
    expect((await other.get(TEMPLATES)).body.data.total).toBe(0);
    expect((await other.put(`${TEMPLATES}/${ids.template}`, { name: '改' })).body.msg).toBe('模板不存在或已删除');
    expect((await other.delete(`${TEMPLATES}/${ids.template}`)).body.msg).toBe('模板不存在或已删除');
    expect((await other.get(`/st365/projects/${ids.template}/elements`)).body.msg).toBe('项目不存在或已删除');
    expect((await other.put(`/st365/projects/${ids.template}/elements`, {})).body.msg).toBe('项目不存在或已删除');
    const rows = await exported(`${TEMPLATES}/export-jobs`);
    expect(rows[1]?.[0]).toBe('2027年度创新项目模板');
    // A project made from it starts from its flow and form; the template then goes.
    const made = ok(
      await admin.post('/st365/projects', {
        name: '2027年度创新项目',
        flow: detail.flow,
        settings: detail.settings,
        templateId: ids.template,
      }),
    ).body.data.id;
    expect((await admin.get(`/st365/projects/${made}`)).body.data.formKey).not.toBe(detail.formKey);
    ok(await admin.delete(`/st365/projects/${made}`));
    ok(await admin.delete(`${TEMPLATES}/${ids.template}`));
    expect((await admin.get(TEMPLATES)).body.data.total).toBe(0);
  });

  it('项目运营: every project with its declarations by stage; close, extend, reopen, classify', async () => {
    ids.open = await publishedProject('运营测试项目', FLOW, {
      closeAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      perApplicantLimit: 0,
    });
    // An applicant of another unit submits one and keeps a draft.
    const person = await createTestPerson(t.db, tenantA, { identities: [{ code: 6, orgId: u1 }] });
    const applicant = new TestClient(t.app, domainA);
    await applicant.loginAs(person.mobile as string, person.password);
    const d = ok(
      await applicant.post(`/st365/projects/${ids.open}/declarations`, { title: '一', data: { fieldsummary: '摘要' } }),
    ).body.data.id;
    ok(await applicant.post(`/st365/projects/my/declarations/${d}/submit`));
    ok(await applicant.post(`/st365/projects/${ids.open}/declarations`, { title: '二', data: {} }));

    const list = (await admin.get(`${OPS}/projects`)).body.data;
    const row = list.records.find((r: { id: number }) => r.id === ids.open);
    expect(row).toMatchObject({
      phase: 'closing',
      phaseName: '即将截止',
      drafts: 1,
      submitted: 1,
      formPublished: true,
      stages: [
        { name: '形式审查', waiting: 1 },
        { name: '专家评审', waiting: 0 },
        { name: '评审结果', waiting: 0 },
      ],
    });
    expect((await admin.get(`${OPS}/projects?phase=closing`)).body.data.total).toBe(1);
    expect((await admin.get(`${OPS}/projects?phase=overdue`)).body.data.total).toBe(0);
    expect((await admin.get(`${OPS}/projects?phase=sometime`)).body.msg).toContain('申报阶段不存在');

    // 设置要素: a disabled value is refused; filters follow.
    expect((await admin.put(`${OPS}/projects/${ids.open}/elements`, { categoryId: ids.science })).body.msg).toBe(
      '项目类别“基础研究”已停用',
    );
    expect((await admin.put(`${OPS}/projects/${ids.open}/elements`, { categoryId: ids.key })).body.msg).toBe(
      '项目类别不存在',
    );
    ok(await admin.put(`${OPS}/projects/${ids.open}/elements`, { categoryId: ids.engineering, yearId: ids.y2027 }));
    expect((await admin.get(`${OPS}/projects?categoryId=${ids.engineering}`)).body.data.records).toEqual([
      expect.objectContaining({ id: ids.open, categoryName: '工程技术', yearName: '2027年度' }),
    ]);
    expect((await admin.get(`${OPS}/projects?categoryId=${ids.science}`)).body.data.total).toBe(0);
    // An element in use is not deleted.
    expect((await admin.delete(`${ELEMENTS}/${ids.engineering}`)).body.msg).toBe(
      '已有1个项目使用该要素，不能删除；可以改为停用',
    );
    const options = (await admin.get(`${OPS}/element-options`)).body.data.list;
    expect(options.map((o: { name: string }) => o.name)).toContain('基础研究');

    // 调整截止时间: not in the past; earlier or later; a closed project reopens.
    const past = new Date(Date.now() - 86_400_000).toISOString();
    expect((await admin.post(`${OPS}/projects/${ids.open}/deadline`, { closeAt: past })).body.msg).toBe(
      '新的截止时间必须晚于当前时间',
    );
    expect((await admin.post(`${OPS}/projects/${ids.open}/deadline`, { closeAt: 'tomorrow' })).body.msg).toContain(
      '请选择新的截止时间',
    );
    const later = new Date(Date.now() + 20 * 86_400_000).toISOString();
    expect((await admin.post(`${OPS}/projects/${ids.open}/deadline`, { closeAt: later })).body.msg).toBe(
      '截止时间已调整',
    );
    expect((await admin.get(`/st365/projects/${ids.open}`)).body.data.settings.closeAt).toBe(later);
    expect((await admin.post(`${OPS}/projects/${ids.open}/close`)).body.msg).toBe('项目已截止申报');
    expect((await admin.post(`${OPS}/projects/${ids.open}/close`)).body.msg).toBe('项目不在申报中');
    expect((await admin.get(`${OPS}/projects?phase=closed`)).body.data.total).toBe(1);
    expect((await admin.post(`${OPS}/projects/${ids.open}/deadline`, { closeAt: later })).body.msg).toBe(
      '项目已重新开放申报',
    );
    expect((await admin.get(`/st365/projects/${ids.open}`)).body.data.status).toBe(1);
    const draft = ok(await admin.post('/st365/projects', { name: '未发布项目', flow: FLOW, settings: {} })).body.data
      .id;
    expect((await admin.post(`${OPS}/projects/${draft}/deadline`, { closeAt: later })).body.msg).toBe(
      '项目尚未发布，请在项目向导中设置申报时间',
    );
    ids.draft = draft;

    // The other tenant sees none of it and changes nothing.
    expect((await other.get(`${OPS}/projects`)).body.data.total).toBe(0);
    expect((await other.post(`${OPS}/projects/${ids.open}/close`)).body.msg).toBe('项目不存在或已删除');
    expect((await other.post(`${OPS}/projects/${ids.open}/deadline`, { closeAt: later })).body.msg).toBe(
      '项目不存在或已删除',
    );
    expect((await other.put(`${OPS}/projects/${ids.open}/elements`, {})).body.msg).toBe('项目不存在或已删除');
    expect((await admin.get(`/st365/projects/${ids.open}`)).body.data.status).toBe(1);

    const rows = await exported(`${OPS}/projects/export-jobs`, { phase: 'open' });
    expect(rows[0]?.slice(0, 3)).toEqual(['项目名称', '申报阶段', '创建人']);
    expect(rows[1]?.[0]).toBe('运营测试项目');
  });

  it('项目要素: projects, submissions and results by element, with an export', async () => {
    const figures = (await admin.get(`${OPS}/element-stats/figures?type=category`)).body.data.rows;
    expect(figures).toEqual([
      {
        id: ids.engineering,
        name: '工程技术',
        enabled: true,
        projects: 1,
        submitted: 1,
        approved: 0,
        approvalRate: null,
      },
      { id: ids.science, name: '基础研究', enabled: false, projects: 0, submitted: 0, approved: 0, approvalRate: null },
      expect.objectContaining({ id: 0, name: '未归类', projects: 1 }),
    ]);
    const paged = (await admin.get(`${OPS}/element-stats?type=category&pageSize=1&current=2`)).body.data;
    expect(paged).toMatchObject({ total: 3, records: [expect.objectContaining({ name: '基础研究' })] });
    expect((await admin.get(`${OPS}/element-stats?type=size`)).body.msg).toContain('要素类型不存在');
    expect((await other.get(`${OPS}/element-stats/figures?type=category`)).body.data.rows).toEqual([]);
    const rows = await exported(`${OPS}/element-stats/export-jobs`, { type: 'category' });
    expect(rows.map((r) => r[0])).toEqual(['要素', '工程技术', '基础研究（已停用）', '未归类']);
  });

  it('项目表单: the declaration forms with their projects; new, copy, put into a draft project', async () => {
    const key = ok(await admin.post(`${OPS}/forms`, { name: '通用申报书' })).body.data.key as string;
    expect((await admin.post(`${OPS}/forms`, { name: ' ' })).body.msg).toContain('请输入表单名称');
    const list = (await admin.get(`${OPS}/forms?pageSize=50`)).body.data;
    const mine = list.records.find((r: { key: string }) => r.key === key);
    expect(mine).toMatchObject({ name: '通用申报书', mine: true, projects: [], publishedVersion: 0, questionCount: 0 });
    const used = list.records.find((r: { projects: { id: number }[] }) => r.projects.some((p) => p.id === ids.open));
    expect(used).toMatchObject({ publishedVersion: 1, questionCount: 1 });
    expect(
      (await admin.get(`${OPS}/forms?usage=unused`)).body.data.records.map((r: { key: string }) => r.key),
    ).toContain(key);
    // Put it into the draft project: the project gets a copy; a published one refuses.
    const targets = (await admin.get(`${OPS}/form-targets`)).body.data.list;
    expect(targets.map((p: { id: number }) => p.id)).toContain(ids.draft);
    expect(targets.map((p: { id: number }) => p.id)).not.toContain(ids.open);
    expect((await admin.post(`${OPS}/forms/${key}/apply`, { projectId: ids.draft })).body.msg).toBe(
      '已用于“未发布项目”',
    );
    const draftForm = (await admin.get(`/st365/projects/${ids.draft}`)).body.data.formKey;
    expect(draftForm).not.toBe(key);
    expect((await admin.post(`${OPS}/forms/${key}/apply`, { projectId: ids.open })).body.msg).toBe(
      '项目已发布，申报表单不能更换',
    );
    expect((await admin.post(`${OPS}/forms/${key}/apply`, {})).body.msg).toContain('请选择项目或模板');
    const copy = ok(await admin.post(`${OPS}/forms/${used.key}/copy`)).body.data.key;
    expect(copy).not.toBe(used.key);
    expect((await admin.post(`${OPS}/forms/nosuchform1/copy`)).body.msg).toBe('申报表单不存在或已删除');
    // The other tenant: nothing listed, nothing copied or applied.
    expect((await other.get(`${OPS}/forms`)).body.data.total).toBe(0);
    expect((await other.post(`${OPS}/forms/${key}/copy`)).body.msg).toBe('申报表单不存在或已删除');
    expect((await other.post(`${OPS}/forms/${key}/apply`, { projectId: ids.draft })).body.msg).toBe(
      '申报表单不存在或已删除',
    );
    const rows = await exported(`${OPS}/forms/export-jobs`, { mine: '1' });
    expect(rows[0]).toEqual(['表单名称', '已发布版本', '题目数', '维护人', '使用的项目', '更新时间']);
    expect(rows.some((r) => r[0] === '通用申报书')).toBe(true);
  });

  it('专家分类: a category’s domains steer the allocation of declarations that name none', async () => {
    const domain = async (name: string, parentId: number | null = null) =>
      ok(await admin.post('/st365/experts/domains', { name, parentId })).body.data.id as number;
    const it = await domain('信息技术');
    const ai = await domain('人工智能', it);
    const bio = await domain('生物医药');
    expect((await admin.get(`${OPS}/category-options`)).body.data.list).toEqual([
      { id: ids.engineering, name: '工程技术' },
    ]);
    expect((await admin.post(MAPPINGS, { categoryId: ids.key, domainIds: [it] })).body.msg).toBe('项目类别不存在');
    expect((await admin.post(MAPPINGS, { categoryId: ids.engineering, domainIds: [999999] })).body.msg).toBe(
      '评审领域不存在',
    );
    expect((await admin.post(MAPPINGS, { categoryId: ids.engineering, domainIds: [] })).body.msg).toContain(
      '请选择评审领域',
    );
    const mapping = ok(await admin.post(MAPPINGS, { categoryId: ids.engineering, domainIds: [it] })).body.data.id;
    expect((await admin.post(MAPPINGS, { categoryId: ids.engineering, domainIds: [bio] })).body.msg).toBe(
      '项目类别“工程技术”已设置评审领域，请编辑该行',
    );
    expect((await admin.get(MAPPINGS)).body.data.records).toEqual([
      expect.objectContaining({ categoryName: '工程技术', domainText: '信息技术', projectCount: 1 }),
    ]);
    expect((await other.get(`${MAPPINGS}/${mapping}`)).body.msg).toBe('专家分类不存在或已删除');
    expect((await other.put(`${MAPPINGS}/${mapping}`, { domainIds: [bio] })).body.msg).toBe('专家分类不存在或已删除');
    expect((await other.delete(`${MAPPINGS}/${mapping}`)).body.msg).toBe('专家分类不存在或已删除');
    expect((await other.get(MAPPINGS)).body.data.total).toBe(0);

    // Two library experts of another unit: one in 人工智能 (under 信息技术), one in 生物医药.
    const expert = async (name: string, mobile: string, domainIds: number[]) => {
      const id = ok(
        await admin.post('/st365/experts/library', {
          name,
          mobile,
          unitId: u2,
          title: '教授',
          regionCode: '330106',
          domainIds,
          labelIds: [],
        }),
      ).body.data.id;
      return (await admin.get(`/st365/experts/library/${id}`)).body.data.userId as number;
    };
    const aiExpert = await expert('人工智能专家', '13700000101', [ai]);
    const bioExpert = await expert('生物医药专家', '13700000102', [bio]);

    // A project of 工程技术 whose declaration names no 申报领域: one reviewer each.
    const project = await publishedProject('分类分配项目', EXPERT_ONLY, { perApplicantLimit: 0 });
    ok(await admin.put(`/st365/projects/${project}/elements`, { categoryId: ids.engineering }));
    const person = await createTestPerson(t.db, tenantA, { identities: [{ code: 6, orgId: u1 }] });
    const applicant = new TestClient(t.app, domainA);
    await applicant.loginAs(person.mobile as string, person.password);
    const d = ok(
      await applicant.post(`/st365/projects/${project}/declarations`, {
        title: '智能诊断',
        data: { fieldsummary: '摘要' },
      }),
    ).body.data.id;
    ok(await applicant.post(`/st365/projects/my/declarations/${d}/submit`));

    const allocate = async () => {
      ok(await admin.post(`/st365/projects/${project}/stages/0/allocation/auto`));
      const view = (await admin.get(`/st365/projects/${project}/stages/0/allocation`)).body.data;
      const assigned = view.declarations[0].experts[0];
      return assigned as { assignmentId: number; userId: number };
    };
    expect((await allocate()).userId).toBe(aiExpert);
    // Mapped to 生物医药 instead, the other expert is preferred.
    ok(await admin.put(`${MAPPINGS}/${mapping}`, { domainIds: [bio] }));
    ok(await admin.delete(`/st365/projects/assignments/${(await allocate()).assignmentId}`));
    expect((await allocate()).userId).toBe(bioExpert);
    // With 按专家分类匹配 off the category is not consulted.
    const settings = (await admin.get(`${OPS}/review-settings`)).body.data.settings;
    ok(await admin.put(`${OPS}/review-settings`, { ...settings, categoryDomains: false }));
    const library = (await admin.get('/st365/projects/library')).body.data;
    expect(library.review.categoryDomains).toBe(false);
    ok(await admin.delete(`${MAPPINGS}/${mapping}`));
    expect((await admin.get(MAPPINGS)).body.data.total).toBe(0);
  });
  it('项目要素: a value is not deleted under a classification being saved; it is counted instead', async () => {
    const year = ok(await admin.post(ELEMENTS, { type: 'year', name: '2031年度' })).body.data.id as number;
    const project = ok(await admin.post('/st365/projects', { name: '并发归类项目', flow: FLOW, settings: {} })).body
      .data.id as number;
    // A classification under way (not yet committed) while the administrator deletes the value.
    let deleted: Promise<{ body: { msg: string } }> | undefined;
    await t.db.withTenant(tenantA, async (tx) => {
      await setElements(tx, tenantA, project, { categoryId: null, levelId: null, yearId: year });
      deleted = admin.delete(`${ELEMENTS}/${year}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect((await deleted)?.body.msg).toBe('已有1个项目使用该要素，不能删除；可以改为停用');
    expect((await admin.get(`${ELEMENTS}/${year}`)).body.data).toMatchObject({ name: '2031年度', projectCount: 1 });
  });
});
