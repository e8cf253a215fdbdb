import { ResultCode, type TPage } from '@shetuan/shared';
import type { MessageEvent } from '@shetuan/shared/messages';
import {
  FLOW_ACTIONS,
  type FlowAction,
  type FlowState,
  PROJECT_STATUS_NAMES,
  ProjectStatus,
  sameFlow,
  statusText,
  type TDeclaration,
  type TDeclarationStatus,
  type TFlow,
  type TProject,
  type TProjectCreate,
  type TProjectInput,
  type TTransition,
} from '@shetuan/shared/projects';
import type { AuthContext } from '../../platform/auth/context';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import { sendMessage } from '../../platform/messages';
import { sanitizeRichText } from '../../platform/richtext';
import { notifyIdentityBySms, notifyUserBySms } from '../../platform/sms';
import {
  copyEmbeddedForm,
  createEmbeddedForm,
  embeddedFormSchema,
  embeddedFormVersion,
  embeddedFormVersions,
} from '../forms';
import * as repo from './repository';

/** The declaration form's kind (declared in the manifest): no fixed questions. */
export const DECLARATION_FORM_KIND = 'declaration';

export const PROJECT_NOT_FOUND = '项目不存在或已删除';
export const DECLARATION_NOT_FOUND = '申报不存在或已删除';

const fail = (message: string) => new AppError(ResultCode.FAILED, message);

// ---- Projects (项目创建者) ----

/** A project as the API answers it; `formVersion` is its form's published version (0: never). */
export function toProject(row: repo.ProjectRow, formVersion: number, counts?: repo.ProjectCounts): TProject {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    statusName: PROJECT_STATUS_NAMES[row.status] ?? '',
    flow: row.flow,
    settings: row.settings,
    formKey: row.formKey,
    formPublished: formVersion > 0,
    isTemplate: row.isTemplate,
    declarationCount: counts?.declarationCount ?? 0,
    submittedCount: counts?.submittedCount ?? 0,
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

export async function getProject(tx: Tx, tenantId: number, id: number): Promise<repo.ProjectRow> {
  const row = await repo.findProject(tx, tenantId, id);
  if (!row) throw fail(PROJECT_NOT_FOUND);
  return row;
}

export async function projectDetail(tx: Tx, tenantId: number, id: number): Promise<TProject> {
  const row = await getProject(tx, tenantId, id);
  const counts = await repo.projectCounts(tx, tenantId, [id]);
  return toProject(row, (await embeddedFormVersion(tx, tenantId, row.formKey)) ?? 0, counts.get(id));
}

export async function listProjects(
  tx: Tx,
  tenantId: number,
  q: Parameters<typeof repo.listProjects>[2],
): Promise<TPage<TProject>> {
  const { rows, total } = await repo.listProjects(tx, tenantId, q);
  const ids = rows.map((r) => r.id);
  // One query each for the page's counts and its forms' versions, not one per project.
  const counts = await repo.projectCounts(tx, tenantId, ids);
  const versions = await embeddedFormVersions(
    tx,
    tenantId,
    rows.map((r) => r.formKey),
  );
  const records = rows.map((r) => toProject(r, versions.get(r.formKey) ?? 0, counts.get(r.id)));
  return { records, total, current: q.current, pageSize: q.pageSize };
}

export async function createProject(tx: Tx, auth: AuthContext, input: TProjectCreate): Promise<number> {
  const tenantId = auth.tenantId;
  let formKey: string;
  if (input.templateId) {
    const template = await repo.findProject(tx, tenantId, input.templateId);
    if (!template?.isTemplate) throw fail('模板不存在');
    formKey = await copyEmbeddedForm(tx, tenantId, auth.userId, template.formKey);
  } else {
    formKey = await createEmbeddedForm(tx, tenantId, auth.userId, {
      name: `${input.name}申报表`.slice(0, 60),
      kind: DECLARATION_FORM_KIND,
    });
  }
  const row = await repo.insertProject(tx, tenantId, {
    name: input.name,
    description: sanitizeRichText(input.description),
    flow: input.flow,
    settings: input.settings,
    formKey,
    createdBy: auth.userId,
  });
  return row.id;
}

export async function updateProject(tx: Tx, tenantId: number, id: number, input: TProjectInput): Promise<void> {
  const row = await repo.lockProject(tx, tenantId, id);
  if (!row) throw fail(PROJECT_NOT_FOUND);
  if (row.status !== ProjectStatus.DRAFT && !sameFlow(row.flow, input.flow)) throw fail('项目已发布，评审流程不能修改');
  await repo.updateProject(tx, tenantId, id, {
    name: input.name,
    description: sanitizeRichText(input.description),
    flow: input.flow,
    settings: input.settings,
  });
}

export async function deleteProject(tx: Tx, tenantId: number, id: number): Promise<void> {
  const row = await repo.lockProject(tx, tenantId, id);
  if (!row) throw fail(PROJECT_NOT_FOUND);
  const counts = (await repo.projectCounts(tx, tenantId, [id])).get(id);
  if ((counts?.submittedCount ?? 0) > 0) throw fail('项目已有提交的申报，不能删除');
  await repo.softDeleteProject(tx, tenantId, id);
}

/** Publishing opens the project for declarations, frozen on its form's published version. */
export async function publishProject(tx: Tx, tenantId: number, id: number): Promise<void> {
  const row = await repo.lockProject(tx, tenantId, id);
  if (!row) throw fail(PROJECT_NOT_FOUND);
  if (row.isTemplate) throw fail('模板不能发布，请用模板创建项目');
  if (row.status === ProjectStatus.OPEN) throw fail('项目已在申报中');
  const version = await embeddedFormVersion(tx, tenantId, row.formKey);
  if (!version) throw fail('请先设计并发布申报表单');
  await repo.updateProject(tx, tenantId, id, {
    status: ProjectStatus.OPEN,
    // A reopened project keeps the version its declarations were made on.
    formVersion: row.formVersion || version,
    publishedAt: row.publishedAt ?? new Date(),
  });
}

export async function closeProject(tx: Tx, tenantId: number, id: number): Promise<void> {
  const row = await repo.lockProject(tx, tenantId, id);
  if (!row) throw fail(PROJECT_NOT_FOUND);
  if (row.status !== ProjectStatus.OPEN) throw fail('项目不在申报中');
  await repo.updateProject(tx, tenantId, id, { status: ProjectStatus.CLOSED });
}

/** The declaration form as the project froze it (its latest published version before publishing). */
export async function projectFormSchema(tx: Tx, tenantId: number, id: number) {
  const row = await getProject(tx, tenantId, id);
  const version = row.formVersion || ((await embeddedFormVersion(tx, tenantId, row.formKey)) ?? 0);
  if (!version) throw fail('申报表单尚未发布');
  return { key: row.formKey, version, schema: await embeddedFormSchema(tx, tenantId, row.formKey, version) };
}

/** A template from a project: its flow, settings and a copy of its form. */
export async function saveAsTemplate(tx: Tx, auth: AuthContext, id: number): Promise<number> {
  const row = await getProject(tx, auth.tenantId, id);
  const formKey = await copyEmbeddedForm(tx, auth.tenantId, auth.userId, row.formKey);
  const template = await repo.insertProject(tx, auth.tenantId, {
    name: `${row.name}（模板）`.slice(0, 60),
    description: row.description,
    flow: row.flow,
    settings: row.settings,
    formKey,
    isTemplate: true,
    createdBy: auth.userId,
  });
  return template.id;
}

// ---- Declarations: shared pieces ----

export const stateOf = (d: Pick<repo.DeclarationRow, 'status' | 'stage' | 'level'>): FlowState => ({
  status: d.status as TDeclarationStatus,
  stage: d.stage,
  level: d.level,
});

export function declarationText(flow: TFlow, d: repo.DeclarationRow): string {
  return statusText(flow, stateOf(d), { result: d.result, grade: d.grade });
}

export function toDeclaration(
  d: repo.DeclarationRow,
  extra: { projectName: string; flow: TFlow; applicantName: string; unitName: string },
  options: { blind?: boolean; showResult?: boolean } = {},
): TDeclaration {
  const publicity = d.publicityEndsAt && d.publicityEndsAt > new Date();
  return {
    id: d.id,
    projectId: d.projectId,
    projectName: extra.projectName,
    title: d.title,
    applicantName: options.blind ? '（盲审）' : extra.applicantName,
    unitId: options.blind ? null : d.unitId,
    unitName: options.blind ? '' : extra.unitName,
    status: d.status as TDeclarationStatus,
    stage: d.stage,
    level: d.level,
    statusText:
      publicity && d.status === 'decided'
        ? `公示中（${declarationText(extra.flow, d)}）`
        : declarationText(extra.flow, d),
    version: d.version,
    score: options.showResult === false ? null : d.score,
    rank: options.showResult === false ? null : d.rank,
    grade: d.grade,
    result: d.result,
    reviewCount: 0,
    submittedAt: d.submittedAt?.toISOString() ?? null,
    publicityEndsAt: d.publicityEndsAt?.toISOString() ?? null,
    updatedAt: d.updatedAt.toISOString(),
  };
}

export async function timeline(tx: Tx, tenantId: number, declarationId: number): Promise<TTransition[]> {
  const rows = await repo.listTransitions(tx, tenantId, declarationId);
  return rows.map((t) => ({
    id: t.id,
    action: t.action,
    actionName: FLOW_ACTIONS[t.action as FlowAction] ?? t.action,
    fromText: t.fromText,
    toText: t.toText,
    actorName: t.actorName,
    remark: t.remark,
    at: t.at.toISOString(),
  }));
}

export interface Actor {
  userId: number;
  name: string;
  unitId?: number | null;
}

/** Records one change of a declaration's state (the timeline). */
export async function record(
  tx: Tx,
  tenantId: number,
  d: repo.DeclarationRow,
  flow: TFlow,
  action: FlowAction,
  before: FlowState,
  after: repo.DeclarationRow,
  actor: Actor,
  remark = '',
): Promise<void> {
  await repo.insertTransitions(tx, tenantId, [
    {
      projectId: d.projectId,
      declarationId: d.id,
      action,
      stage: before.stage,
      fromText: statusText(flow, before, { result: d.result, grade: d.grade }),
      toText: declarationText(flow, after),
      actorUserId: actor.userId,
      actorName: actor.name,
      actorUnitId: actor.unitId ?? null,
      remark,
    },
  ]);
}

export async function actorOf(tx: Tx, auth: AuthContext, unitId?: number | null): Promise<Actor> {
  return { userId: auth.userId, name: await repo.userName(tx, auth.userId), unitId };
}

/**
 * Tells the applicant of a change: an in-site message, and an SMS notice when the tenant turned it
 * on (/messageSetting decides both).
 */
export async function notifyApplicant(
  tx: Tx,
  tenantId: number,
  d: repo.DeclarationRow,
  projectName: string,
  text: string,
  remark = '',
): Promise<void> {
  await notify(
    tx,
    tenantId,
    'project.declaration',
    { userId: d.applicantUserId },
    {
      title: `申报进度：${d.title}`,
      body: `您在“${projectName}”的申报“${d.title}”${text}。${remark ? `意见：${remark}` : ''}`,
      // The SMS keeps the change's first clause (被退回修改, 已通过审核, 评审结果：一等 …) and leaves
      // the remark to the console: an SMS is billed per 67 characters and a remark can be long.
      sms: `您的申报《${d.title}》${text.split('，')[0]}，请登录系统查看。`,
    },
  );
}

/**
 * Sends the in-site message of an event and queues its SMS notice (platform/sms; each sent only
 * when the tenant's /messageSetting turns it on, the SMS off by default). The SMS is the given text,
 * or the title with 请登录系统查看; it goes to a person or an identity only: a role or the whole
 * tenant would be an SMS to many, which no event of this module calls for.
 */
export async function notify(
  tx: Tx,
  tenantId: number,
  event: MessageEvent,
  to: Parameters<typeof sendMessage>[3],
  content: { title: string; body: string; sms?: string },
): Promise<void> {
  await sendMessage(tx, tenantId, event, to, { title: content.title, body: content.body });
  const sms = content.sms ?? `${content.title}，请登录系统查看。`;
  if ('userId' in to) await notifyUserBySms(tx, tenantId, to.userId, event, sms);
  else if ('identityId' in to) await notifyIdentityBySms(tx, tenantId, to.identityId, event, sms);
}
