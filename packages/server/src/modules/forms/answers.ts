import type { TPage, TPageQuery } from '@shetuan/shared';
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
import type { Tx } from '../../platform/db';
import type { ProjectRow } from './repository';
import * as repo from './repository';

export interface AnswerQuery extends TPageQuery {
  from?: string | undefined;
  to?: string | undefined;
}

/** A page of the form's answers (keyword, dates), newest first. */
export function listAnswers(tx: Tx, p: ProjectRow, q: AnswerQuery): Promise<TPage<TFormAnswer>> {
  return repo.listAnswers(tx, p.tenantId, p.id, q);
}

export function deleteAnswer(tx: Tx, p: ProjectRow, id: number): Promise<boolean> {
  return repo.deleteAnswer(tx, p.tenantId, p.id, id);
}

/** An answer as the export shows it: each question's stored text made readable (option labels …). */
export function readableAnswer(schema: TFormSchema, data: Record<string, string>): Record<string, string> {
  const values = fromStoredPairs(schema, data);
  return Object.fromEntries(answerLines(schema, values).map((l) => [l.id, l.text]));
}

/** The text of a stored JSON scalar ('"02"' → 02), or the text as it is. */
function jsonText(stored: string): string {
  try {
    const v: unknown = JSON.parse(stored);
    return typeof v === 'string' || typeof v === 'number' ? String(v) : stored;
  } catch {
    return stored;
  }
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
  const totals = await repo.answerTotals(tx, p.tenantId, p.id);
  const daily = await repo.dailyAnswerCounts(tx, p.tenantId, p.id);
  const fields: TFieldStat[] = [];
  for (const f of schema.fields) {
    if (DISPLAY_TYPES.has(f.type)) continue;
    const isChoice = CHOICE_TYPES.has(f.type);
    if (choiceOnly && !isChoice) continue;
    const name = fieldName(f.id);
    const answered = await repo.countAnswered(tx, p.tenantId, p.id, name);
    const stat: TFieldStat = {
      id: f.id,
      label: f.label,
      type: FIELD_TYPE_NAMES[f.type],
      answered,
      options: [],
      average: null,
    };
    if (isChoice) {
      const multiple = JSON_LIST_TYPES.has(f.type) || (f.type === 'SELECT' && f.props.multiple === true);
      const rows = await repo.optionCounts(tx, p.tenantId, p.id, name, multiple);
      const counts = new Map<string, number>();
      for (const r of rows) {
        // A single SELECT is stored as JSON ('"02"' for the string value 02, '1' for the number 1).
        const v = !multiple && f.type === 'SELECT' ? jsonText(String(r.v)) : String(r.v);
        counts.set(v, (counts.get(v) ?? 0) + Number(r.n));
      }
      stat.options = (f.options ?? []).map((o) => ({
        value: o.value,
        label: o.label,
        count: counts.get(String(o.value)) ?? 0,
      }));
    } else if (NUMBER_TYPES.has(f.type)) {
      stat.average = await repo.numberAverage(tx, p.tenantId, p.id, name);
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
