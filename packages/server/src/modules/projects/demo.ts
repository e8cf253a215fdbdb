import type { TFormSchema } from '@shetuan/shared/forms';
import type { TFlow, TProjectSettings } from '@shetuan/shared/projects';
import type { AuthContext } from '../../platform/auth/context';
import type { AppDatabase, Tx } from '../../platform/db';
import type { DemoTenants } from '../../platform/modules';
import { publishEmbeddedForm } from '../forms';
import * as declare from './declare';
import * as repo from './repository';
import * as review from './review';
import * as projects from './service';

/**
 * Demo data of 项目申报与评审 in the city tenant (README lists the accounts): a scoring project
 * with declarations in every stage (draft, first trial, returned, formal review, expert review with
 * an allocation and some scores, decided), an approval-mode project, a project of two expert rounds
 * (初评, then a 复评 by other experts, combined 1 : 2), a two-level approval chain and a template. Made through the module's own services, so it obeys every rule a user meets.
 */

const DECLARATION_FORM = {
  fields: [
    { id: 'leader', type: 'INPUT', label: '项目负责人', required: true, personalType: 'fullname' },
    { id: 'phone', type: 'INPUT', label: '联系电话', required: true, personalType: 'mobile' },
    {
      id: 'field',
      type: 'RADIO',
      label: '所属领域',
      required: true,
      options: [
        { value: 1, label: '信息技术' },
        { value: 2, label: '先进制造' },
        { value: 3, label: '生物医药' },
        { value: 4, label: '新材料' },
      ],
    },
    { id: 'summary', type: 'TEXTAREA', label: '项目摘要', required: true },
    { id: 'budget', type: 'NUMBER_INPUT', label: '申请经费（万元）', required: true, props: { min: 1, max: 500 } },
  ],
} as unknown as TFormSchema;

const SCORE_FLOW = [
  { kind: 'first_trial', name: '单位推荐', quotaPerUnit: 5 },
  { kind: 'formal_review', name: '形式审查' },
  {
    kind: 'expert_review',
    name: '专家评审',
    mode: 'score',
    reviewersPerDeclaration: 2,
    maxPerExpert: 20,
    blind: true,
    grouped: false,
    combine: 'mean',
    items: [
      { key: 'innovation', name: '创新性', max: 40, weight: 1 },
      { key: 'feasibility', name: '可行性', max: 30, weight: 1 },
      { key: 'benefit', name: '预期效益', max: 30, weight: 1 },
    ],
  },
  {
    kind: 'decision',
    name: '评审结果',
    method: 'threshold',
    grades: [
      { name: '一等', min: 85 },
      { name: '二等', min: 75 },
      { name: '三等', min: 60 },
    ],
    publicityDays: 7,
  },
] as TFlow;

const APPROVAL_FLOW = [
  { kind: 'formal_review', name: '形式审查' },
  {
    kind: 'expert_review',
    name: '专家审议',
    mode: 'approval',
    reviewersPerDeclaration: 2,
    maxPerExpert: 20,
    blind: false,
    grouped: false,
    combine: 'mean',
    items: [],
  },
  { kind: 'decision', name: '资助决定', method: 'quota', grades: [{ name: '资助', percent: 50 }], publicityDays: 5 },
] as TFlow;

const CHAIN_FLOW = [{ kind: 'approval', name: '用印审批', levels: 2 }] as TFlow;

/** 多轮评审: a 初评 by two experts, then a 复评 by another (避开前轮专家), weighted 1 : 2. */
const ROUNDS_FLOW = [
  { kind: 'formal_review', name: '形式审查' },
  {
    kind: 'expert_review',
    name: '初评',
    mode: 'score',
    reviewersPerDeclaration: 2,
    maxPerExpert: 20,
    blind: true,
    grouped: false,
    combine: 'mean',
    items: [
      { key: 'merit', name: '学术水平', max: 60, weight: 1 },
      { key: 'potential', name: '发展潜力', max: 40, weight: 1 },
    ],
    excludeEarlierExperts: false,
    resultWeight: 1,
  },
  {
    kind: 'expert_review',
    name: '复评',
    mode: 'score',
    reviewersPerDeclaration: 1,
    maxPerExpert: 20,
    blind: false,
    grouped: false,
    combine: 'mean',
    items: [{ key: 'defence', name: '答辩表现', max: 100, weight: 1 }],
    excludeEarlierExperts: true,
    resultWeight: 2,
  },
  {
    kind: 'decision',
    name: '托举名单',
    method: 'threshold',
    grades: [{ name: '入选', min: 75 }],
    publicityDays: 5,
  },
] as TFlow;

function settings(days: number): TProjectSettings {
  return {
    openAt: null,
    closeAt: new Date(Date.now() + days * 86_400_000).toISOString(),
    identityCodes: [],
    orgTypes: [],
    membersOnly: false,
    perApplicantLimit: 0,
    perUnitLimit: 0,
  };
}

function authOf(tenantId: number, p: { userId: number; identityId: number }): AuthContext {
  return {
    tenantId,
    userId: p.userId,
    identityId: p.identityId,
    sessionId: 0,
    societyChosen: true,
    isSuperAdmin: false,
    actingFrom: null,
    roleIds: [],
    paths: new Set(),
    functions: new Set(),
  };
}

const answers = (leader: string, field: number, summary: string, budget: number) => ({
  fieldleader: leader,
  fieldphone: '13900000000',
  fieldfield: field,
  fieldsummary: summary,
  fieldbudget: budget,
});

export async function seedProjectsDemo(db: AppDatabase, tenants: DemoTenants): Promise<void> {
  const tenantId = tenants.city;
  await db.withTenant(tenantId, async (tx) => {
    const who = async (mobile: string, code: number) => {
      const p = await repo.identityByMobile(tx, tenantId, mobile, code);
      if (!p) throw new Error(`demo person ${mobile} (${code}) missing`);
      return authOf(tenantId, p);
    };
    const admin = await who('13800000002', 4);
    const unit = await who('13800000014', 5);
    const qian = await who('13800000006', 6);
    const han = await who('13800000017', 6);
    const yang = await who('13800000018', 6);
    const zhu = await who('13800000019', 6);

    const project = async (name: string, description: string, flow: TFlow) => {
      const id = await projects.createProject(tx, admin, { name, description, flow, settings: settings(60) });
      const row = await projects.getProject(tx, tenantId, id);
      await publishEmbeddedForm(tx, tenantId, row.formKey, DECLARATION_FORM);
      await projects.publishProject(tx, tenantId, id);
      return id;
    };
    const submitted = async (by: AuthContext, projectId: number, title: string, data: Record<string, unknown>) => {
      const id = await declare.createDeclaration(tx, by, projectId, { title, data });
      await declare.submitDeclaration(tx, by, id);
      return id;
    };

    // The scoring project: every stage at once.
    const scoring = await project(
      '2026年度示范市科技创新项目',
      '<p>面向全市企业、高校和学会，支持具有创新性和应用前景的科技项目。每个推荐单位最多推荐5项。</p>',
      SCORE_FLOW,
    );
    const d1 = await submitted(
      yang,
      scoring,
      '高精度工业视觉检测系统',
      answers('杨帆', 1, '基于深度学习的工业缺陷检测。', 80),
    );
    const d2 = await submitted(
      yang,
      scoring,
      '柔性制造产线数字孪生平台',
      answers('杨帆', 2, '产线实时仿真与排产优化。', 120),
    );
    const d3 = await submitted(yang, scoring, '新型锂电池隔膜材料', answers('杨帆', 4, '高孔隙率隔膜的量产工艺。', 60));
    const d4 = await submitted(yang, scoring, '智能仓储调度算法', answers('杨帆', 1, '多机器人协同调度。', 40));
    await submitted(han, scoring, '可降解心血管支架', answers('韩梅', 3, '镁合金可降解支架的动物实验。', 150));
    await declare.createDeclaration(tx, zhu, scoring, {
      title: '基层医疗影像辅助诊断',
      data: { fieldleader: '朱琳', fieldfield: 3 },
    });
    const returned = await submitted(
      qian,
      scoring,
      '工业互联网安全网关',
      answers('钱进', 1, '面向中小企业的安全网关。', 50),
    );
    await review.act(tx, unit, returned, { action: 'return', remark: '请补充项目预算明细和合作单位证明。' }, 'unit');
    // The unit recommends four of its five (quota 5: one left for a new declaration).
    for (const d of [d1, d2, d3, d4]) await review.act(tx, unit, d, { action: 'pass', remark: '' }, 'unit');
    for (const d of [d1, d2]) await review.act(tx, admin, d, { action: 'pass', remark: '' }, 'operator');
    await review.autoAllocate(tx, admin, scoring, 2);
    await scoreAll(tx, tenantId, d1, [
      { innovation: 37, feasibility: 26, benefit: 25 },
      { innovation: 35, feasibility: 27, benefit: 24 },
    ]);
    await scoreAll(tx, tenantId, d2, [{ innovation: 30, feasibility: 24, benefit: 22 }]);
    await review.advanceRound(tx, admin, scoring, 2);
    await review.publishResults(tx, admin, scoring);
    // After the first results: d4 is reviewed and waits for grading (定级 has a preview), d2 waits
    // for its second review, d3 for the formal review, and a new declaration for the unit.
    await review.act(tx, admin, d4, { action: 'pass', remark: '' }, 'operator');
    await review.autoAllocate(tx, admin, scoring, 2);
    await scoreAll(tx, tenantId, d4, [
      { innovation: 33, feasibility: 25, benefit: 24 },
      { innovation: 31, feasibility: 24, benefit: 23 },
    ]);
    await review.advanceRound(tx, admin, scoring, 2);
    await submitted(yang, scoring, '车间能耗监测系统', answers('杨帆', 2, '重点用能设备的实时监测。', 30));

    // The approval-mode project: under expert review, one opinion in.
    const approval = await project(
      '2026年度学会活动经费资助',
      '<p>资助学会举办学术交流和科普活动。专家审议同意后按比例确定资助名单。</p>',
      APPROVAL_FLOW,
    );
    const a1 = await submitted(
      han,
      approval,
      '长三角生物材料学术论坛',
      answers('韩梅', 4, '年度学术论坛，预计300人。', 30),
    );
    const a2 = await submitted(zhu, approval, '社区健康科普进万家', answers('朱琳', 3, '全年12场社区科普讲座。', 12));
    for (const d of [a1, a2]) await review.act(tx, admin, d, { action: 'pass', remark: '' }, 'operator');
    await review.autoAllocate(tx, admin, approval, 1);
    const [first] = await repo.assignmentsOfDeclaration(tx, tenantId, a1);
    if (first)
      await review.submitReview(tx, authOf(tenantId, { userId: first.row.expertUserId, identityId: 0 }), first.row.id, {
        scores: {},
        opinion: 'agree',
        comment: '选题有意义，预算合理。',
      });

    // 多轮评审: both declarations through the 初评; the 复评 goes to the expert who did not review
    // them in the 初评; one is scored and waits for 定级 with the combined score, one waits.
    const rounds = await project(
      '2026年度青年科技人才托举项目',
      '<p>托举35岁以下青年科技人才。初评由两位专家评分，复评由其他专家组织答辩，综合成绩按初评1、复评2加权。</p>',
      ROUNDS_FLOW,
    );
    // 杨申报's unit has none of the three reviewers: each round can take any of them.
    const y1 = await submitted(yang, rounds, '工业视觉缺陷检测算法研究', answers('杨帆', 1, '小样本缺陷检测。', 20));
    const y2 = await submitted(yang, rounds, '产线能耗智能优化研究', answers('杨帆', 2, '产线能耗建模与优化。', 15));
    for (const d of [y1, y2]) await review.act(tx, admin, d, { action: 'pass', remark: '' }, 'operator');
    await review.autoAllocate(tx, admin, rounds, 1);
    await scoreAll(tx, tenantId, y1, [
      { merit: 52, potential: 34 },
      { merit: 48, potential: 32 },
    ]);
    await scoreAll(tx, tenantId, y2, [
      { merit: 45, potential: 30 },
      { merit: 41, potential: 29 },
    ]);
    await review.advanceRound(tx, admin, rounds, 1);
    await review.autoAllocate(tx, admin, rounds, 2);
    await scoreAll(tx, tenantId, y1, [{ defence: 90 }], 1, 2);
    await review.advanceRound(tx, admin, rounds, 2);

    // A two-level approval chain, and a template.
    const chain = await project('印章使用审批', '<p>学会公章、合同章的使用申请，经两级审批。</p>', CHAIN_FLOW);
    await submitted(zhu, chain, '年度合作协议用印', answers('朱琳', 3, '与示范大学签订合作协议。', 1));
    await projects.saveAsTemplate(tx, admin, scoring);
  });
}

/** Submits reviews of a declaration's assignments in order (the first `count` of them, of one round if given). */
async function scoreAll(
  tx: Tx,
  tenantId: number,
  declarationId: number,
  scores: Record<string, number>[],
  count = scores.length,
  stage?: number,
): Promise<void> {
  const assignments = (await repo.assignmentsOfDeclaration(tx, tenantId, declarationId)).filter(
    (a) => stage === undefined || a.row.stage === stage,
  );
  for (let i = 0; i < count; i++) {
    const a = assignments[i];
    const s = scores[i];
    if (!a || !s || a.row.status === 1) continue;
    await review.submitReview(tx, authOf(tenantId, { userId: a.row.expertUserId, identityId: 0 }), a.row.id, {
      scores: s,
      opinion: null,
      comment: '立项依据充分，技术路线可行。',
    });
  }
}
