import { likePattern, type TPage, type TPageQuery } from '@shetuan/shared';
import {
  answerLines,
  DISPLAY_TYPES,
  FIELD_TYPE_NAMES,
  fieldName,
  fromStoredPairs,
  type TFieldStat,
  type TFormAnswer,
  type TFormSchema,
  type TFormStats,
} from '@shetuan/shared/forms';
import { and, count, desc, eq, gte, ilike, type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../platform/db';
import { users } from '../identity';
import { formAnswers, type formProjects } from './tables';

type ProjectRow = typeof formProjects.$inferSelect;

export interface AnswerQuery extends TPageQuery {
  from?: string | undefined;
  to?: string | undefined;
}

function answerFilter(p: ProjectRow, q: Omit<AnswerQuery, 'current' | 'pageSize'>): SQL | undefined {
  return and(
    eq(formAnswers.tenantId, p.tenantId),
    eq(formAnswers.projectId, p.id),
    q.keyword ? ilike(formAnswers.searchText, likePattern(q.keyword.toLowerCase())) : undefined,
    q.from ? gte(formAnswers.createdAt, new Date(q.from)) : undefined,
    q.to ? sql`${formAnswers.createdAt} < ${new Date(q.to)}::timestamptz + interval '1 day'` : undefined,
  );
}

export async function listAnswers(tx: Tx, p: ProjectRow, q: AnswerQuery): Promise<TPage<TFormAnswer>> {
  const where = answerFilter(p, q);
  const [total] = await tx.select({ n: count() }).from(formAnswers).where(where);
  const rows = await tx
    .select({ a: formAnswers, userName: users.name })
    .from(formAnswers)
    .leftJoin(users, eq(users.id, formAnswers.userId))
    .where(where)
    .orderBy(desc(formAnswers.serial))
    .limit(q.pageSize)
    .offset((q.current - 1) * q.pageSize);
  return {
    records: rows.map(({ a, userName }) => ({
      id: a.id,
      serial: a.serial,
      version: a.version,
      data: a.data,
      userId: a.userId,
      userName: userName ?? '',
      ip: a.ip,
      userAgent: a.userAgent,
      seconds: a.seconds,
      createdAt: a.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    current: q.current,
    pageSize: q.pageSize,
  };
}

export async function deleteAnswer(tx: Tx, p: ProjectRow, id: number): Promise<boolean> {
  const rows = await tx
    .delete(formAnswers)
    .where(and(eq(formAnswers.tenantId, p.tenantId), eq(formAnswers.projectId, p.id), eq(formAnswers.id, id)))
    .returning({ id: formAnswers.id });
  return rows.length > 0;
}

/** An answer as the export shows it: each question's stored text made readable (option labels …). */
export function readableAnswer(schema: TFormSchema, data: Record<string, string>): Record<string, string> {
  const values = fromStoredPairs(schema, data);
  return Object.fromEntries(answerLines(schema, values).map((l) => [l.id, l.text]));
}

const CHOICE_TYPES = new Set(['RADIO', 'SELECT', 'CHECKBOX', 'IMAGE_SELECT']);
const NUMBER_TYPES = new Set(['NUMBER_INPUT', 'SLIDER', 'RATE']);
const JSON_LIST_TYPES = new Set(['CHECKBOX', 'IMAGE_SELECT']);

/**
 * The statistics of /project/form/statistics (and the public result): totals, the last 30 days,
 * and per field the answer count, the count of each option (choice questions) or the average
 * (numbers, slider, rate). Counted in the database, one grouped query per field.
 */
export async function formStats(tx: Tx, p: ProjectRow, schema: TFormSchema, choiceOnly = false): Promise<TFormStats> {
  const base = and(eq(formAnswers.tenantId, p.tenantId), eq(formAnswers.projectId, p.id));
  const [totals] = await tx
    .select({
      total: count(),
      today:
        sql<number>`count(*) filter (where ${formAnswers.createdAt} >= (date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'))`.mapWith(
          Number,
        ),
      averageSeconds: sql<number | null>`avg(${formAnswers.seconds})`.mapWith((v) => (v === null ? null : Number(v))),
    })
    .from(formAnswers)
    .where(base);
  const daily = await queryRows<{ day: string; count: number }>(
    tx,
    sql`
    select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(a.n, 0)::int as count
    from generate_series(
      (now() at time zone 'Asia/Shanghai')::date - 29, (now() at time zone 'Asia/Shanghai')::date, interval '1 day'
    ) as d(day)
    left join (
      select (created_at at time zone 'Asia/Shanghai')::date as day, count(*) as n
      from form_answers where tenant_id = ${p.tenantId} and project_id = ${p.id}
      group by 1
    ) a on a.day = d.day::date
    order by d.day`,
  );
  const fields: TFieldStat[] = [];
  for (const f of schema.fields) {
    if (DISPLAY_TYPES.has(f.type)) continue;
    const isChoice = CHOICE_TYPES.has(f.type);
    if (choiceOnly && !isChoice) continue;
    const name = fieldName(f.id);
    const [answered] = await tx
      .select({ n: count() })
      .from(formAnswers)
      .where(and(base, sql`coalesce(${formAnswers.data} ->> ${name}, '') not in ('', '[]')`));
    const stat: TFieldStat = {
      id: f.id,
      label: f.label,
      type: FIELD_TYPE_NAMES[f.type],
      answered: answered?.n ?? 0,
      options: [],
      average: null,
    };
    if (isChoice) {
      const multiple = JSON_LIST_TYPES.has(f.type) || (f.type === 'SELECT' && f.props.multiple);
      const rows = multiple
        ? await queryRows<{ v: string; n: number }>(
            tx,
            sql`
            select e.v, count(*)::int as n from form_answers a,
              jsonb_array_elements_text(case when jsonb_typeof((a.data ->> ${name})::jsonb) = 'array'
                then (a.data ->> ${name})::jsonb else '[]'::jsonb end) as e(v)
            where a.tenant_id = ${p.tenantId} and a.project_id = ${p.id} and a.data ? ${name}
            group by e.v`,
          )
        : await queryRows<{ v: string; n: number }>(
            tx,
            sql`
            select a.data ->> ${name} as v, count(*)::int as n from form_answers a
            where a.tenant_id = ${p.tenantId} and a.project_id = ${p.id} and a.data ? ${name}
            group by 1`,
          );
      const counts = new Map(rows.map((r) => [String(r.v), Number(r.n)]));
      stat.options = (f.options ?? []).map((o) => ({
        value: o.value,
        label: o.label,
        count: counts.get(String(o.value)) ?? 0,
      }));
    } else if (NUMBER_TYPES.has(f.type)) {
      const [avg] = await tx
        .select({
          v: sql<number | null>`avg(nullif(${formAnswers.data} ->> ${name}, '')::numeric)`.mapWith((v) =>
            v === null ? null : Math.round(Number(v) * 100) / 100,
          ),
        })
        .from(formAnswers)
        .where(and(base, sql`${formAnswers.data} ? ${name}`));
      stat.average = avg?.v ?? null;
    }
    fields.push(stat);
  }
  return {
    total: totals?.total ?? 0,
    today: totals?.today ?? 0,
    averageSeconds:
      totals?.averageSeconds === null || totals?.averageSeconds === undefined
        ? null
        : Math.round(totals.averageSeconds),
    daily: daily.map((r) => ({ day: String(r.day), count: Number(r.count) })),
    fields,
  };
}

export { answerFilter };
