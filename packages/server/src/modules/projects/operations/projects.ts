import { ResultCode, type TPage } from '@shetuan/shared';
import {
  defaultSettings,
  ELEMENT_TYPE_NAMES,
  type ElementType,
  OPS_PHASE_NAMES,
  type OpsPhase,
  type PROJECT_TEMPLATES,
  ProjectStatus,
  type TElementStatsRow,
  type TOpsProject,
  type TOpsProjectQuery,
  type TProjectElementsValue,
  type TProjectTemplate,
} from '@shetuan/shared/projects';
import type { Tx } from '../../../platform/db';
import { AppError } from '../../../platform/http/errors';
import type { ResourceService } from '../../../platform/resource';
import { createEmbeddedForm, embeddedFormVersions } from '../../forms';
import * as projectsRepo from '../repository';
import { closeProject, DECLARATION_FORM_KIND, deleteProject, PROJECT_NOT_FOUND, publishProject } from '../service';
import * as repo from './repository';
import { declarationDefaults, flowText } from './service';

/** 模板管理, 项目运营 and 项目要素: the projects and templates as the operators see them. */

const fail = (message: string) => new AppError(ResultCode.FAILED, message);
const DAY = 86_400_000;
const iso = (s: string | null | undefined) => s ?? null;

// ———————————————————————— 模板管理 ————————————————————————

const TEMPLATE_GONE = '模板不存在或已删除';

function toTemplate(r: repo.ClassifiedProject, versions: Map<string, number>): TProjectTemplate {
  return {
    id: r.p.id,
    name: r.p.name,
    stageText: flowText(r.p.flow),
    formPublished: (versions.get(r.p.formKey) ?? 0) > 0,
    creatorName: r.creatorName,
    categoryName: r.categoryName,
    levelName: r.levelName,
    createdAt: r.p.createdAt.toISOString(),
    updatedAt: r.p.updatedAt.toISOString(),
  };
}

async function lockTemplate(tx: Tx, tenantId: number, id: number) {
  const row = await projectsRepo.lockProject(tx, tenantId, id);
  if (!row?.isTemplate) throw fail(TEMPLATE_GONE);
  return row;
}

export const templateService: ResourceService<typeof PROJECT_TEMPLATES> = {
  async list(tx, tenantId, q) {
    const { rows, total } = await repo.listClassifiedProjects(tx, tenantId, { ...q, template: true });
    const versions = await embeddedFormVersions(
      tx,
      tenantId,
      rows.map((r) => r.p.formKey),
    );
    return { records: rows.map((r) => toTemplate(r, versions)), total, current: q.current, pageSize: q.pageSize };
  },
  async get(tx, tenantId, id) {
    const row = await repo.findClassifiedProject(tx, tenantId, id);
    if (!row?.p.isTemplate) return null;
    return toTemplate(row, await embeddedFormVersions(tx, tenantId, [row.p.formKey]));
  },
  /** A template with a flow of the library, the 运营设置 defaults and a new declaration form of its maker. */
  async create(tx, tenantId, input, actor) {
    if (!actor) throw fail('请先登录');
    const flow = await repo.findFlow(tx, tenantId, input.flowId);
    if (!flow) throw fail('评审流程不存在或已删除');
    const formKey = await createEmbeddedForm(tx, tenantId, actor.userId, {
      name: `${input.name}申报表`.slice(0, 60),
      kind: DECLARATION_FORM_KIND,
    });
    const settings = { ...defaultSettings(await declarationDefaults(tx, tenantId)), closeAt: null };
    const row = await projectsRepo.insertProject(tx, tenantId, {
      name: input.name,
      description: '',
      flow: flow.flow,
      settings,
      formKey,
      isTemplate: true,
      createdBy: actor.userId,
    });
    return row.id;
  },
  async update(tx, tenantId, id, input) {
    await lockTemplate(tx, tenantId, id);
    await projectsRepo.updateProject(tx, tenantId, id, { name: input.name });
  },
  async remove(tx, tenantId, id) {
    await lockTemplate(tx, tenantId, id);
    await deleteProject(tx, tenantId, id);
  },
};

// ———————————————————————— 项目运营 ————————————————————————

/** Where a project is in its declaration period at `now` (the repository's phaseWhere cuts the same). */
export function phaseOf(status: number, openAt: string | null, closeAt: string | null, now = new Date()): OpsPhase {
  if (status === ProjectStatus.DRAFT) return 'draft';
  if (status === ProjectStatus.CLOSED) return 'closed';
  const t = now.getTime();
  if (openAt && new Date(openAt).getTime() > t) return 'pending';
  if (closeAt && new Date(closeAt).getTime() <= t) return 'overdue';
  if (closeAt && new Date(closeAt).getTime() <= t + 7 * DAY) return 'closing';
  return 'open';
}

type StateRow = Awaited<ReturnType<typeof repo.declarationStates>>[number];

function toOps(r: repo.ClassifiedProject, states: StateRow[], versions: Map<string, number>, now: Date): TOpsProject {
  const p = r.p;
  const phase = phaseOf(p.status, iso(p.settings.openAt), iso(p.settings.closeAt), now);
  const sum = (test: (s: StateRow) => boolean) => states.filter(test).reduce((a, s) => a + s.n, 0);
  return {
    id: p.id,
    name: p.name,
    status: p.status,
    phase,
    phaseName: OPS_PHASE_NAMES[phase],
    creatorName: r.creatorName,
    openAt: iso(p.settings.openAt),
    closeAt: iso(p.settings.closeAt),
    formPublished: (versions.get(p.formKey) ?? 0) > 0,
    flowText: flowText(p.flow),
    scoring: p.flow.some((s) => s.kind === 'expert_review' && s.mode === 'score'),
    categoryId: r.categoryId,
    categoryName: r.categoryName,
    levelId: r.levelId,
    levelName: r.levelName,
    yearId: r.yearId,
    yearName: r.yearName,
    stages: p.flow.map((stage, index) => ({
      name: stage.name,
      waiting: sum((s) => s.status === 'in_review' && s.stage === index),
    })),
    drafts: sum((s) => s.status === 'draft'),
    submitted: sum((s) => s.status !== 'draft' && s.status !== 'withdrawn'),
    returned: sum((s) => s.status === 'returned'),
    rejected: sum((s) => s.status === 'rejected'),
    approved: sum((s) => s.status === 'decided' && s.result !== 'not_approved'),
    notApproved: sum((s) => s.status === 'decided' && s.result === 'not_approved'),
    createdAt: p.createdAt.toISOString(),
  };
}

/** Every project of the tenant, whoever made it, with its declarations by stage. */
export async function operationsList(
  tx: Tx,
  tenantId: number,
  q: TOpsProjectQuery,
  now = new Date(),
): Promise<TPage<TOpsProject>> {
  const { rows, total } = await repo.listClassifiedProjects(tx, tenantId, { ...q, template: false }, now);
  const ids = rows.map((r) => r.p.id);
  const states = await repo.declarationStates(tx, tenantId, ids);
  const versions = await embeddedFormVersions(
    tx,
    tenantId,
    rows.map((r) => r.p.formKey),
  );
  return {
    records: rows.map((r) =>
      toOps(
        r,
        states.filter((s) => s.projectId === r.p.id),
        versions,
        now,
      ),
    ),
    total,
    current: q.current,
    pageSize: q.pageSize,
  };
}

async function lockLiveProject(tx: Tx, tenantId: number, id: number) {
  const row = await projectsRepo.lockProject(tx, tenantId, id);
  if (!row || row.isTemplate) throw fail(PROJECT_NOT_FOUND);
  return row;
}

/** 截止申报 by the operators (the creator's own action, done for them). */
export async function closeNow(tx: Tx, tenantId: number, id: number): Promise<void> {
  await lockLiveProject(tx, tenantId, id);
  await closeProject(tx, tenantId, id);
}

/**
 * 调整截止时间: a published project's deadline moves to a later or an earlier time still ahead;
 * a closed project reopens until then (its form version is kept, as 重新开放 keeps it).
 */
export async function setDeadline(
  tx: Tx,
  tenantId: number,
  id: number,
  closeAt: string,
  now = new Date(),
): Promise<'extended' | 'reopened'> {
  const row = await lockLiveProject(tx, tenantId, id);
  if (row.status === ProjectStatus.DRAFT) throw fail('项目尚未发布，请在项目向导中设置申报时间');
  const close = new Date(closeAt);
  if (close.getTime() <= now.getTime()) throw fail('新的截止时间必须晚于当前时间');
  if (row.settings.openAt && close.getTime() <= new Date(row.settings.openAt).getTime())
    throw fail('截止时间必须晚于开始时间');
  await projectsRepo.updateProject(tx, tenantId, id, { settings: { ...row.settings, closeAt: close.toISOString() } });
  if (row.status === ProjectStatus.CLOSED) {
    await publishProject(tx, tenantId, id);
    return 'reopened';
  }
  return 'extended';
}

// ———————————————————————— a project's elements ————————————————————————

const TYPE_KEYS: Record<ElementType, keyof TProjectElementsValue> = {
  category: 'categoryId',
  level: 'levelId',
  year: 'yearId',
};

export async function elementsOf(tx: Tx, tenantId: number, projectId: number): Promise<TProjectElementsValue> {
  if (!(await projectsRepo.findProject(tx, tenantId, projectId))) throw fail(PROJECT_NOT_FOUND);
  const row = (await repo.projectElements(tx, tenantId, [projectId])).get(projectId);
  return { categoryId: row?.categoryId ?? null, levelId: row?.levelId ?? null, yearId: row?.yearId ?? null };
}

/**
 * Classifies a project or template: each value must be an element of its type; a disabled one only
 * when the project already has it (停用 keeps what was classified, offers it to no one new).
 */
export async function setElements(
  tx: Tx,
  tenantId: number,
  projectId: number,
  value: TProjectElementsValue,
): Promise<void> {
  const project = await projectsRepo.lockProject(tx, tenantId, projectId);
  if (!project) throw fail(PROJECT_NOT_FOUND);
  const before = (await repo.projectElements(tx, tenantId, [projectId])).get(projectId);
  for (const type of Object.keys(TYPE_KEYS) as ElementType[]) {
    const id = value[TYPE_KEYS[type]];
    if (id === null) continue;
    const element = await repo.findElement(tx, tenantId, id, 'share');
    if (element?.type !== type) throw fail(`${ELEMENT_TYPE_NAMES[type]}不存在`);
    if (!element.enabled && before?.[TYPE_KEYS[type]] !== id)
      throw fail(`${ELEMENT_TYPE_NAMES[type]}“${element.name}”已停用`);
  }
  await repo.saveProjectElements(tx, tenantId, projectId, value);
}

// ———————————————————————— 项目要素 (figures) ————————————————————————

/** Every value of one element type with its projects and declarations; 未归类 last when it has any. */
export async function elementFigures(tx: Tx, tenantId: number, type: ElementType): Promise<TElementStatsRow[]> {
  const figures = new Map((await repo.elementFigures(tx, tenantId, type)).map((f) => [f.id ?? 0, f]));
  const elements = (await repo.allElements(tx, tenantId)).filter((e) => e.type === type);
  const row = (id: number, name: string, enabled: boolean): TElementStatsRow => {
    const f = figures.get(id);
    return {
      id,
      name,
      enabled,
      projects: f?.projects ?? 0,
      submitted: f?.submitted ?? 0,
      approved: f?.approved ?? 0,
      approvalRate: f && f.decided > 0 ? Math.round((f.approved * 1000) / f.decided) / 10 : null,
    };
  };
  const rows = elements.map((e) => row(e.id, e.name, e.enabled));
  if ((figures.get(0)?.projects ?? 0) > 0) rows.push(row(0, '未归类', true));
  return rows;
}

export async function elementStatsPage(
  tx: Tx,
  tenantId: number,
  q: { type: ElementType; keyword?: string | undefined; current: number; pageSize: number },
): Promise<TPage<TElementStatsRow>> {
  const all = (await elementFigures(tx, tenantId, q.type)).filter((r) => !q.keyword || r.name.includes(q.keyword));
  const start = (q.current - 1) * q.pageSize;
  return { records: all.slice(start, start + q.pageSize), total: all.length, current: q.current, pageSize: q.pageSize };
}
