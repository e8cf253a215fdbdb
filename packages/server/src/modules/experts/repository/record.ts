import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db';
import { users } from '../../../platform/directory/tables';
import { expertDrawPicks, expertDraws, expertEvents, expertSettings, experts } from '../tables';

/*
 * An expert's record (history, draws), pool membership and the library's settings. Every
 * function names the tenant in its WHERE, INSERT and JOIN conditions (docs/scale-out.md).
 */

const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;

// ---- history ----

/**
 * Records what happened to an expert's record. The actor is the caller of the request
 * (app.user_id, set by the module's routes), none for the expert's own link.
 */
export async function insertEvent(
  tx: Tx,
  tenantId: number,
  expertId: number,
  action: string,
  detail = '',
): Promise<void> {
  await tx.insert(expertEvents).values({
    tenantId,
    expertId,
    action,
    detail: detail.slice(0, 500),
    actorId: sql`nullif(current_setting('app.user_id', true), '')::bigint`,
  });
}

/** The expert's history, newest first, with the actors' names (users is global; RLS narrows it). */
export function eventsOf(tx: Tx, tenantId: number, expertId: number, limit = 200) {
  return tx
    .select({ event: expertEvents, actorName: users.name })
    .from(expertEvents)
    .leftJoin(users, eq(users.id, expertEvents.actorId))
    .where(and(eq(expertEvents.tenantId, tenantId), eq(expertEvents.expertId, expertId)))
    .orderBy(desc(expertEvents.id))
    .limit(limit);
}

/** The draws an expert was picked in (drawn or substitute), newest first. */
export function picksOfExpert(tx: Tx, tenantId: number, expertId: number, limit = 200) {
  return tx
    .select({ pick: expertDrawPicks, title: expertDraws.title, drawnAt: expertDraws.createdAt })
    .from(expertDrawPicks)
    .innerJoin(expertDraws, and(eq(expertDraws.tenantId, tenantId), eq(expertDraws.id, expertDrawPicks.drawId)))
    .where(and(eq(expertDrawPicks.tenantId, tenantId), eq(expertDrawPicks.expertId, expertId)))
    .orderBy(desc(expertDrawPicks.drawId))
    .limit(limit);
}

// ---- pools (labels) ----

/** Puts a label on these experts (those without it); answers who got it. */
export async function addLabel(tx: Tx, tenantId: number, labelId: number, expertIds: readonly number[]) {
  if (expertIds.length === 0) return [];
  return tx
    .update(experts)
    .set({ labelIds: sql`array_append(${experts.labelIds}, ${labelId}::bigint)`, updatedAt: new Date() })
    .where(
      and(
        eq(experts.tenantId, tenantId),
        inArray(experts.id, [...expertIds]),
        sql`not (${experts.labelIds} @> ${idArray([labelId])})`,
      ),
    )
    .returning({ id: experts.id });
}

/** Takes a label off an expert; false when the expert did not carry it. */
export async function removeLabel(tx: Tx, tenantId: number, labelId: number, expertId: number): Promise<boolean> {
  const rows = await tx
    .update(experts)
    .set({ labelIds: sql`array_remove(${experts.labelIds}, ${labelId}::bigint)`, updatedAt: new Date() })
    .where(
      and(eq(experts.tenantId, tenantId), eq(experts.id, expertId), sql`${experts.labelIds} @> ${idArray([labelId])}`),
    )
    .returning({ id: experts.id });
  return rows.length > 0;
}

// ---- settings (the tenant's expert form) ----

export type SettingsRow = typeof expertSettings.$inferSelect;

export async function settingsOf(tx: Tx, tenantId: number): Promise<SettingsRow | undefined> {
  const [row] = await tx.select().from(expertSettings).where(eq(expertSettings.tenantId, tenantId));
  return row;
}

export async function saveSettings(
  tx: Tx,
  tenantId: number,
  values: { formKey: string | null; formOwnerId: number | null },
): Promise<void> {
  await tx
    .insert(expertSettings)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: [expertSettings.tenantId], set: { ...values, updatedAt: new Date() } });
}

/** Experts whose profile holds answers to the tenant's own questions. */
export async function countAnswered(tx: Tx, tenantId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(experts)
    .where(and(eq(experts.tenantId, tenantId), ne(experts.formVersion, 0)));
  return row?.n ?? 0;
}
