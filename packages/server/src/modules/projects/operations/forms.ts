import { ResultCode, type TPage } from '@shetuan/shared';
import { ProjectStatus, type TProjectFormQuery, type TProjectFormRow } from '@shetuan/shared/projects';
import type { AuthContext } from '../../../platform/auth/context';
import type { Tx } from '../../../platform/db';
import { AppError } from '../../../platform/http/errors';
import { copyEmbeddedForm, createEmbeddedForm } from '../../forms';
import * as projectsRepo from '../repository';
import { DECLARATION_FORM_KIND, PROJECT_NOT_FOUND } from '../service';
import * as repo from './repository';

/**
 * 项目表单: the tenant's declaration forms (forms module, kind `declaration`) whoever made them, the
 * projects and templates using each, a new blank one, a copy, and putting one into a project that
 * is not published yet. The designer stays per owner (forms README): another's form is copied first.
 */

const fail = (message: string) => new AppError(ResultCode.FAILED, message);
const FORM_GONE = '申报表单不存在或已删除';

export async function listForms(
  tx: Tx,
  auth: Pick<AuthContext, 'tenantId' | 'userId'>,
  q: TProjectFormQuery,
): Promise<TPage<TProjectFormRow>> {
  const { rows, total } = await repo.listDeclarationForms(tx, auth.tenantId, DECLARATION_FORM_KIND, {
    ...q,
    ownerUserId: q.mine === '1' ? auth.userId : undefined,
  });
  const users = await repo.projectsOfForms(
    tx,
    auth.tenantId,
    rows.map((r) => r.key),
  );
  return {
    records: rows.map((r) => ({
      key: r.key,
      name: r.name,
      publishedVersion: r.publishedVersion,
      questionCount: r.questionCount,
      ownerName: r.ownerName,
      mine: r.ownerUserId === auth.userId,
      projects: users.filter((u) => u.formKey === r.key).map(({ id, name, isTemplate }) => ({ id, name, isTemplate })),
      updatedAt: r.updatedAt.toISOString(),
    })),
    total,
    current: q.current,
    pageSize: q.pageSize,
  };
}

async function declarationForm(tx: Tx, tenantId: number, key: string) {
  const { rows } = await repo.listDeclarationForms(tx, tenantId, DECLARATION_FORM_KIND, {
    current: 1,
    pageSize: 1,
    keys: [key],
  });
  const row = rows[0];
  if (!row) throw fail(FORM_GONE);
  return row;
}

/** A new blank declaration form of the caller's, for the designer. */
export function newForm(tx: Tx, auth: AuthContext, name: string): Promise<string> {
  return createEmbeddedForm(tx, auth.tenantId, auth.userId, { name, kind: DECLARATION_FORM_KIND });
}

/** The caller's own copy of any declaration form of the tenant. */
export async function copyForm(tx: Tx, auth: AuthContext, key: string): Promise<string> {
  await declarationForm(tx, auth.tenantId, key);
  return copyEmbeddedForm(tx, auth.tenantId, auth.userId, key);
}

/** Where a form may be put: projects not published yet, and templates. */
export async function formTargets(tx: Tx, tenantId: number) {
  return { list: await repo.formTargets(tx, tenantId) };
}

/**
 * Puts a copy of the form into a project not published yet, or a template, in place of its own.
 * The copy belongs to the project's creator, who keeps designing it; the form it had stays in the
 * library, unused.
 */
export async function applyForm(tx: Tx, tenantId: number, key: string, projectId: number): Promise<string> {
  const form = await declarationForm(tx, tenantId, key);
  const project = await projectsRepo.lockProject(tx, tenantId, projectId);
  if (!project) throw fail(PROJECT_NOT_FOUND);
  if (!project.isTemplate && project.status !== ProjectStatus.DRAFT) throw fail('项目已发布，申报表单不能更换');
  if (project.formKey === key) throw fail(`“${project.name}”已在使用该表单`);
  const copy = await copyEmbeddedForm(tx, tenantId, project.createdBy, form.key);
  await projectsRepo.updateProject(tx, tenantId, projectId, { formKey: copy });
  return project.name;
}
