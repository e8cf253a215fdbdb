import { identityNames, ResultCode, type TPage } from '@shetuan/shared';
import { DISPLAY_TYPES } from '@shetuan/shared/forms';
import {
  ProjectStatus,
  PUBLIC_PROJECT_STATES,
  type TPublicProject,
  type TPublicProjectDetail,
  type TPublicProjectState,
} from '@shetuan/shared/projects';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import { embeddedFormSchema } from '../forms';
import * as repo from './repository';

/**
 * 公开申报 (/login-declare, /login-declare-detail): the tenant's published calls for anyone, without
 * login — what is open, what opens soon, what has closed; a call's introduction, who may declare,
 * its review flow and the questions of its form. Nothing about declarations.
 */

const NOT_FOUND = '项目不存在或未发布';

const fail = (message: string) => new AppError(ResultCode.FAILED, message);

function stateOf(p: repo.ProjectRow, now: Date): TPublicProjectState {
  const { openAt, closeAt } = p.settings;
  if (p.status === ProjectStatus.CLOSED || (closeAt && now >= new Date(closeAt))) return 'closed';
  if (openAt && now < new Date(openAt)) return 'upcoming';
  return 'open';
}

/** The introduction as a few lines of plain text (tags and entities dropped). */
function plain(html: string, max = 120): string {
  const text = html
    .replace(/<(br|\/p|\/div|\/li)[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function toPublic(p: repo.ProjectRow, now: Date): TPublicProject {
  const state = stateOf(p, now);
  return {
    id: p.id,
    name: p.name,
    summary: plain(p.description),
    openAt: p.settings.openAt ?? null,
    closeAt: p.settings.closeAt ?? null,
    state,
    stateText: PUBLIC_PROJECT_STATES[state],
    needsUnit: p.flow.some((s) => s.kind === 'first_trial'),
    stages: p.flow.map((s) => s.name),
  };
}

export async function publicProjects(
  tx: Tx,
  tenantId: number,
  q: { current: number; pageSize: number; keyword?: string; state?: TPublicProjectState },
  now = new Date(),
): Promise<TPage<TPublicProject>> {
  const { rows, total } = await repo.listPublishedProjects(tx, tenantId, q, now);
  return { records: rows.map((p) => toPublic(p, now)), total, current: q.current, pageSize: q.pageSize };
}

export async function publicProject(
  tx: Tx,
  tenantId: number,
  id: number,
  now = new Date(),
): Promise<TPublicProjectDetail> {
  const p = await repo.findProject(tx, tenantId, id);
  if (!p || p.isTemplate || p.status === ProjectStatus.DRAFT) throw fail(NOT_FOUND);
  const schema = p.formVersion ? await embeddedFormSchema(tx, tenantId, p.formKey, p.formVersion) : null;
  const names = identityNames as Record<number, string>;
  return {
    ...toPublic(p, now),
    description: p.description,
    publishedAt: p.publishedAt?.toISOString() ?? null,
    identityNames: p.settings.identityCodes.map((c) => names[c] ?? String(c)),
    membersOnly: p.settings.membersOnly,
    perApplicantLimit: p.settings.perApplicantLimit,
    perUnitLimit: p.settings.perUnitLimit,
    domainRequired: Boolean(p.settings.domainRequired),
    questions: (schema?.fields ?? [])
      .filter((f) => !DISPLAY_TYPES.has(f.type))
      .map((f) => ({ label: f.label, required: Boolean(f.required) })),
  };
}
