import type { TGrade } from './flow';

/**
 * How the reviews of one round become a ranking and grades. Pure: the server feeds it the round's
 * submitted reviews, the statistics pages and the grading preview show what it answers.
 */

export type CombineMethod = 'mean' | 'trimmed' | 'normalised';

export const COMBINE_NAMES: Record<CombineMethod, string> = {
  mean: '平均分',
  trimmed: '去掉最高分和最低分后平均（5份及以上）',
  normalised: '标准化后平均（消除评审宽严差异）',
};

export interface ReviewScore {
  declarationId: number;
  expertId: number;
  total: number;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

function stdDev(xs: readonly number[]): number {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / xs.length);
}

/** Drops one highest and one lowest when there are at least five, else keeps all. */
export function trimmed(xs: readonly number[]): number[] {
  if (xs.length < 5) return [...xs];
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.slice(1, -1);
}

/**
 * Each declaration's combined score (2 decimals) from the round's submitted reviews.
 * - mean: the average of its reviewers' totals;
 * - trimmed: the same after dropping the highest and the lowest when it has five or more;
 * - normalised: each reviewer's totals are standardised over everything that reviewer scored in
 *   the round (z = (x − μr) / σr; a reviewer with one review or identical totals gives z = 0), the
 *   declaration's mean z is mapped back onto the scale of all totals (μ + σ·z̄), so a harsh and a
 *   lenient reviewer weigh the same.
 */
export function combineScores(reviews: readonly ReviewScore[], method: CombineMethod): Map<number, number> {
  const byDeclaration = new Map<number, ReviewScore[]>();
  for (const r of reviews) {
    const list = byDeclaration.get(r.declarationId) ?? [];
    list.push(r);
    byDeclaration.set(r.declarationId, list);
  }
  const result = new Map<number, number>();
  if (method !== 'normalised') {
    for (const [id, list] of byDeclaration) {
      const totals = list.map((r) => r.total);
      result.set(id, round2(mean(method === 'trimmed' ? trimmed(totals) : totals)));
    }
    return result;
  }
  const byExpert = new Map<number, number[]>();
  for (const r of reviews) byExpert.set(r.expertId, [...(byExpert.get(r.expertId) ?? []), r.total]);
  const stats = new Map<number, { m: number; s: number }>();
  for (const [id, totals] of byExpert) stats.set(id, { m: mean(totals), s: stdDev(totals) });
  const all = reviews.map((r) => r.total);
  const overall = { m: all.length ? mean(all) : 0, s: stdDev(all) };
  for (const [id, list] of byDeclaration) {
    const z = mean(
      list.map((r) => {
        const st = stats.get(r.expertId) as { m: number; s: number };
        return st.s > 0 ? (r.total - st.m) / st.s : 0;
      }),
    );
    result.set(id, round2(overall.m + overall.s * z));
  }
  return result;
}

export interface Ranked {
  declarationId: number;
  score: number;
  rank: number;
}

/** Highest first; equal scores share a rank (1, 2, 2, 4); ties listed by declaration id. */
export function rank(scores: ReadonlyMap<number, number>): Ranked[] {
  const list = [...scores]
    .map(([declarationId, score]) => ({ declarationId, score }))
    .sort((a, b) => b.score - a.score || a.declarationId - b.declarationId);
  const ranked: Ranked[] = [];
  list.forEach((x, i) => {
    const prev = ranked[i - 1];
    ranked.push({ ...x, rank: prev && prev.score === x.score ? prev.rank : i + 1 });
  });
  return ranked;
}

/**
 * The grade of each ranked declaration, null for none (未立项).
 * - threshold: the first grade (in the order given, highest first) whose minimum the score reaches;
 * - quota: grades take their percent of the ranked list in order (rounded down, at least one when
 *   the percent is positive and declarations remain); declarations tied at a boundary all get the
 *   better grade, so equal scores never get different grades.
 */
export function grade(
  ranked: readonly Ranked[],
  method: 'threshold' | 'quota',
  grades: readonly TGrade[],
): Map<number, string | null> {
  const out = new Map<number, string | null>();
  if (method === 'threshold') {
    for (const r of ranked) out.set(r.declarationId, grades.find((g) => r.score >= (g.min ?? Infinity))?.name ?? null);
    return out;
  }
  let i = 0;
  for (const g of grades) {
    const take = Math.max(1, Math.floor((ranked.length * (g.percent ?? 0)) / 100));
    let end = Math.min(ranked.length, i + take);
    // Keep ties together.
    while (end > i && end < ranked.length && ranked[end]?.score === ranked[end - 1]?.score) end++;
    for (; i < end; i++) out.set((ranked[i] as Ranked).declarationId, g.name);
  }
  for (; i < ranked.length; i++) out.set((ranked[i] as Ranked).declarationId, null);
  return out;
}

/** An approval round's figure for ranking and grading: the share who agreed, in percent. */
export function agreePercent(agree: number, total: number): number {
  return total === 0 ? 0 : round2((agree * 100) / total);
}

/**
 * 多轮评审: a declaration's combined result from the figures of the expert rounds it went through
 * (`roundScores`, by stage index): the mean weighted by each round's resultWeight (a round of
 * weight 0 is left out; a flow stored before weights existed counts each round as 1). When every
 * round it has a figure for weighs 0, the last of them is the result. Null before any round.
 */
export function combineRounds(
  flow: readonly { kind: string; resultWeight?: number }[],
  roundScores: Readonly<Record<string, number>>,
): number | null {
  let sum = 0;
  let weights = 0;
  let last: number | null = null;
  flow.forEach((s, i) => {
    const score = roundScores[String(i)];
    if (s.kind !== 'expert_review' || score === undefined) return;
    const w = s.resultWeight ?? 1;
    sum += w * score;
    weights += w;
    last = score;
  });
  if (weights > 0) return round2(sum / weights);
  return last;
}
