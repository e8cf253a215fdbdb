// The allocation problem as both solvers see it: input and result types, the cost weights, and a
// compact model (dense indices, one byte per declaration–expert pair) built once per run.
// Pure: no database, no I/O.

/** A declaration (申报) that needs reviewers. */
export interface AllocationDeclaration {
  id: number;
  /** The declaring unit: an expert of the same unit never reviews it. */
  unitId: number | null;
  domains: number[];
  /** The review group; experts with groupIds only review declarations of those groups. */
  groupId?: number | null;
  /** Reviewers still needed (after the existing assignments). */
  k: number;
}

/** An expert who can review. */
export interface AllocationExpert {
  id: number;
  unitId: number | null;
  domains: number[];
  /** Groups the expert serves; absent = any group. */
  groupIds?: number[];
  /** Declarations the expert can still take (the limit L minus the current load). */
  capacity: number;
  /**
   * The expert's current load, the starting point of the load cost (the next declaration is the
   * (load + 1)-th). Defaults to the expert's pairs in `existing`.
   */
  load?: number;
}

/** The expert avoids a whole unit (unitId) or one declaration (declarationId). */
export interface AllocationConflict {
  expertId: number;
  unitId?: number;
  declarationId?: number;
  /** The expert reviewed the declaration in an earlier round (多轮评审 that wants other experts). */
  earlier?: boolean;
}

export interface AllocationPair {
  expertId: number;
  declarationId: number;
}

export interface AllocationInput {
  declarations: AllocationDeclaration[];
  experts: AllocationExpert[];
  conflicts: AllocationConflict[];
  /** Already assigned: never assigned again. */
  existing: AllocationPair[];
}

export interface AllocationUncovered {
  declarationId: number;
  /** Reviewers still missing after this allocation. */
  missing: number;
  /** Why, in Chinese, for the person running the allocation. */
  reason: string;
}

export interface AllocationResult {
  /** New pairs, by declaration id then expert id. */
  assignments: AllocationPair[];
  /** Domain cost of the new pairs plus the load cost of the experts' new declarations. */
  cost: number;
  /** Declarations given fewer than k reviewers, by id. */
  uncovered: AllocationUncovered[];
}

/** Cost weights. Integers: the exact solver compares reduced costs with zero. */
export interface AllocationWeights {
  /** A pair whose domains intersect. */
  domainMatch: number;
  /** A pair whose domains do not intersect. */
  domainMismatch: number;
  /** The j-th declaration of an expert (current load included) costs j × loadStep. */
  loadStep: number;
}

/** Cost of a pair of matching domains. */
export const DOMAIN_MATCH_COST = 0;
/** Cost of a pair of different domains: one mismatch weighs as much as ten steps of load. */
export const DOMAIN_MISMATCH_COST = 10;
/** The j-th declaration given to an expert costs j × LOAD_STEP_COST: load is spread evenly. */
export const LOAD_STEP_COST = 1;

export const DEFAULT_WEIGHTS: AllocationWeights = {
  domainMatch: DOMAIN_MATCH_COST,
  domainMismatch: DOMAIN_MISMATCH_COST,
  loadStep: LOAD_STEP_COST,
};

/** Pair codes in `AllocationModel.pair`. */
export const PAIR_FORBIDDEN = 0;
export const PAIR_MATCH = 1;
export const PAIR_MISMATCH = 2;
/** Flag on a match or mismatch pair: assigned in the current solution. */
export const PAIR_ASSIGNED = 4;

/** Why an expert cannot review a declaration (the first that applies, for the uncovered report). */
const Block = { OwnUnit: 1, Conflict: 2, Group: 3, Existing: 4, Earlier: 5 } as const;
type Block = (typeof Block)[keyof typeof Block];

/**
 * The problem on dense indices: declarations and experts sorted by id (so the result does not
 * depend on input order), `pair[d * E + e]` one of the PAIR_ codes.
 */
export interface AllocationModel {
  weights: AllocationWeights;
  declarations: AllocationDeclaration[];
  experts: AllocationExpert[];
  D: number;
  E: number;
  /** Reviewers needed per declaration (k, at least 0). */
  need: Int32Array;
  /** New declarations each expert can take (capacity, at least 0). */
  capacity: Int32Array;
  /** Current load per expert (the load cost's starting point). */
  baseLoad: Int32Array;
  /** D × E pair codes, row per declaration. */
  pair: Uint8Array;
  /** The reason of each forbidden pair (a Block value), for the uncovered report. */
  block: Uint8Array;
}

const count = (x: number) => (Number.isFinite(x) && x > 0 ? Math.floor(x) : 0);

function byId<T extends { id: number }>(items: T[], what: string): T[] {
  const sorted = [...items].sort((a, b) => a.id - b.id);
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i]?.id === sorted[i - 1]?.id) throw new Error(`allocation: ${what} ${sorted[i]?.id} appears twice`);
  return sorted;
}

/** Dense indices for arbitrary ids. */
function indexer() {
  const map = new Map<number, number>();
  return { map, of: (id: number) => map.get(id) ?? map.set(id, map.size).size - 1 };
}

export function buildModel(input: AllocationInput, weights: AllocationWeights = DEFAULT_WEIGHTS): AllocationModel {
  // Integers, so reduced costs compare exactly with zero; not negative, so the empty allocation is
  // optimal for zero flow (where the exact solver starts) and the load cost is convex.
  for (const [name, w] of Object.entries(weights))
    if (!Number.isSafeInteger(w) || w < 0) throw new Error(`allocation: weight ${name} must be an integer ≥ 0`);
  const declarations = byId(input.declarations, 'declaration');
  const experts = byId(input.experts, 'expert');
  const D = declarations.length;
  const E = experts.length;
  const declIndex = new Map(declarations.map((d, i) => [d.id, i]));
  const expertIndex = new Map(experts.map((e, i) => [e.id, i]));

  // Domains as bit sets of W 32-bit words.
  const domains = indexer();
  for (const x of [...declarations, ...experts]) for (const dom of x.domains) domains.of(dom);
  const W = Math.max(1, Math.ceil(domains.map.size / 32));
  const masks = (xs: { domains: number[] }[]) => {
    const m = new Uint32Array(xs.length * W);
    xs.forEach((x, i) => {
      for (const dom of x.domains) {
        const bit = domains.of(dom);
        const w = i * W + (bit >>> 5);
        m[w] = (m[w] ?? 0) | (1 << (bit & 31));
      }
    });
    return m;
  };
  const declMask = masks(declarations);
  const expertMask = masks(experts);

  // Every pair starts allowed, coded by domain match.
  const pair = new Uint8Array(D * E);
  const block = new Uint8Array(D * E);
  for (let d = 0; d < D; d++) {
    const row = d * E;
    for (let e = 0; e < E; e++) {
      let match = false;
      for (let w = 0; w < W && !match; w++)
        match = ((declMask[d * W + w] as number) & (expertMask[e * W + w] as number)) !== 0;
      pair[row + e] = match ? PAIR_MATCH : PAIR_MISMATCH;
    }
  }
  const forbid = (d: number, e: number, why: Block) => {
    const p = d * E + e;
    if (pair[p] === PAIR_FORBIDDEN) return;
    pair[p] = PAIR_FORBIDDEN;
    block[p] = why;
  };

  // Units and groups: forbidden pairs are written by walking the declarations of the unit or
  // group, so the work is the number of forbidden pairs, not D × E.
  const declsOf = (key: (d: AllocationDeclaration) => number | null | undefined) => {
    const lists = new Map<number, number[]>();
    declarations.forEach((d, i) => {
      const k = key(d);
      if (k === null || k === undefined) return;
      const list = lists.get(k);
      if (list) list.push(i);
      else lists.set(k, [i]);
    });
    return lists;
  };
  const byUnit = declsOf((d) => d.unitId);
  const byGroup = declsOf((d) => d.groupId);
  experts.forEach((x, e) => {
    if (x.unitId !== null) for (const d of byUnit.get(x.unitId) ?? []) forbid(d, e, Block.OwnUnit);
    if (x.groupIds) {
      const served = new Set(x.groupIds);
      for (const [group, list] of byGroup) if (!served.has(group)) for (const d of list) forbid(d, e, Block.Group);
    }
  });
  for (const c of input.conflicts) {
    const e = expertIndex.get(c.expertId);
    if (e === undefined) continue;
    if (c.unitId !== undefined) for (const d of byUnit.get(c.unitId) ?? []) forbid(d, e, Block.Conflict);
    const d = c.declarationId === undefined ? undefined : declIndex.get(c.declarationId);
    if (d !== undefined) forbid(d, e, c.earlier ? Block.Earlier : Block.Conflict);
  }
  const existingLoad = new Int32Array(E);
  for (const x of input.existing) {
    const e = expertIndex.get(x.expertId);
    if (e === undefined) continue;
    existingLoad[e] = (existingLoad[e] as number) + 1;
    const d = declIndex.get(x.declarationId);
    if (d !== undefined) forbid(d, e, Block.Existing);
  }

  return {
    weights,
    declarations,
    experts,
    D,
    E,
    need: Int32Array.from(declarations, (d) => count(d.k)),
    capacity: Int32Array.from(experts, (x) => count(x.capacity)),
    baseLoad: Int32Array.from(experts, (x, e) => (x.load === undefined ? (existingLoad[e] as number) : count(x.load))),
    pair,
    block,
  };
}

/** Cost of a pair code (match or mismatch, assigned or not). */
export const pairCost = (m: AllocationModel, code: number) =>
  (code & 3) === PAIR_MATCH ? m.weights.domainMatch : m.weights.domainMismatch;

/** What giving an expert its j-th declaration costs (j counts the current load too). */
export const loadCost = (m: AllocationModel, j: number) => m.weights.loadStep * j;

/**
 * The result of a solution given as the experts assigned to each declaration (dense indices):
 * the cost (domain cost of each pair, load cost of each new declaration of each expert), the
 * pairs by id, and the uncovered report.
 */
export function buildResult(m: AllocationModel, chosen: number[][]): AllocationResult {
  const { D, E, pair } = m;
  const added = new Int32Array(E);
  const assignments: AllocationPair[] = [];
  let cost = 0;
  for (let d = 0; d < D; d++) {
    const list = [...(chosen[d] ?? [])].sort((a, b) => a - b);
    for (const e of list) {
      cost += pairCost(m, pair[d * E + e] as number);
      added[e] = (added[e] as number) + 1;
      assignments.push({ declarationId: (m.declarations[d] as AllocationDeclaration).id, expertId: expertId(m, e) });
    }
  }
  for (let e = 0; e < E; e++)
    for (let j = 1; j <= (added[e] as number); j++) cost += loadCost(m, (m.baseLoad[e] as number) + j);
  const uncovered: AllocationUncovered[] = [];
  for (let d = 0; d < D; d++) {
    const got = chosen[d]?.length ?? 0;
    const need = m.need[d] as number;
    if (got < need)
      uncovered.push({
        declarationId: (m.declarations[d] as AllocationDeclaration).id,
        missing: need - got,
        reason: uncoveredReason(m, d, got),
      });
  }
  return { assignments, cost, uncovered };
}

const expertId = (m: AllocationModel, e: number) => (m.experts[e] as AllocationExpert).id;

/**
 * Why a declaration got fewer reviewers than it needs. Either too few experts could review it at
 * all (own unit, conflict, another group, already reviewing it, no capacity left), or enough
 * could but their capacity went to other declarations (a maximum allocation leaves a declaration
 * short only when every expert it could still get is full).
 */
export function uncoveredReason(m: AllocationModel, d: number, got: number): string {
  const { E } = m;
  const need = m.need[d] as number;
  const blocked = [0, 0, 0, 0, 0, 0];
  let full = 0;
  let available = 0;
  for (let e = 0; e < E; e++) {
    const p = d * E + e;
    if (m.pair[p] === PAIR_FORBIDDEN) blocked[m.block[p] as number] = (blocked[m.block[p] as number] as number) + 1;
    else if ((m.capacity[e] as number) === 0) full++;
    else available++;
  }
  const others = (available: number) => (available > got ? `，其中 ${available - got} 位的余量已分给其他申报` : '');
  if (available >= need)
    return `专家余量不足：需要 ${need} 位，有 ${available} 位专家无利益冲突且有余量，已分配 ${got} 位${others(available)}`;
  const parts = [
    blocked[Block.OwnUnit] ? `同单位 ${blocked[Block.OwnUnit]} 位` : '',
    blocked[Block.Conflict] ? `回避 ${blocked[Block.Conflict]} 位` : '',
    blocked[Block.Group] ? `不负责该组 ${blocked[Block.Group]} 位` : '',
    blocked[Block.Existing] ? `已在评审 ${blocked[Block.Existing]} 位` : '',
    blocked[Block.Earlier] ? `前轮已评审 ${blocked[Block.Earlier]} 位` : '',
    full ? `已满额 ${full} 位` : '',
  ].filter(Boolean);
  return (
    `可评审的专家不足：需要 ${need} 位，只有 ${available} 位专家无利益冲突且有余量` +
    (parts.length ? `（其余：${parts.join('、')}）` : '') +
    others(available)
  );
}
