import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AllocationConflict,
  type AllocationInput,
  type AllocationResult,
  type AllocationWeights,
  DEFAULT_WEIGHTS,
  greedyAllocation,
  solveAllocation,
} from '.';

// Everything below re-states the rules from the raw input, independently of the solvers' model:
// which pairs are allowed, what an allocation costs, and (for small cases) the optimum.

const allowed = (input: AllocationInput, declarationId: number, expertId: number) => {
  const d = input.declarations.find((x) => x.id === declarationId);
  const x = input.experts.find((y) => y.id === expertId);
  if (!d || !x) return false;
  if (d.unitId !== null && d.unitId === x.unitId) return false;
  for (const c of input.conflicts)
    if (c.expertId === x.id && ((c.unitId !== undefined && c.unitId === d.unitId) || c.declarationId === d.id))
      return false;
  if (input.existing.some((p) => p.expertId === x.id && p.declarationId === d.id)) return false;
  if (d.groupId != null && x.groupIds !== undefined && !x.groupIds.includes(d.groupId)) return false;
  return true;
};

const baseLoad = (input: AllocationInput, expertId: number) =>
  input.experts.find((x) => x.id === expertId)?.load ?? input.existing.filter((p) => p.expertId === expertId).length;

const pairCost = (input: AllocationInput, w: AllocationWeights, declarationId: number, expertId: number) => {
  const d = input.declarations.find((x) => x.id === declarationId);
  const x = input.experts.find((y) => y.id === expertId);
  return d?.domains.some((dom) => x?.domains.includes(dom)) ? w.domainMatch : w.domainMismatch;
};

function costOf(input: AllocationInput, w: AllocationWeights, pairs: { expertId: number; declarationId: number }[]) {
  let cost = 0;
  const added = new Map<number, number>();
  for (const p of pairs) {
    cost += pairCost(input, w, p.declarationId, p.expertId);
    const j = (added.get(p.expertId) ?? 0) + 1;
    added.set(p.expertId, j);
    cost += w.loadStep * (baseLoad(input, p.expertId) + j);
  }
  return cost;
}

/** The hard rules, checked on a result; also that its cost and uncovered report are its own. */
function checkValid(input: AllocationInput, w: AllocationWeights, r: AllocationResult) {
  const seen = new Set<string>();
  const perDecl = new Map<number, number>();
  const perExpert = new Map<number, number>();
  for (const p of r.assignments) {
    expect(allowed(input, p.declarationId, p.expertId), `pair ${p.declarationId}/${p.expertId} allowed`).toBe(true);
    const key = `${p.declarationId}/${p.expertId}`;
    expect(seen.has(key), `duplicate ${key}`).toBe(false);
    seen.add(key);
    perDecl.set(p.declarationId, (perDecl.get(p.declarationId) ?? 0) + 1);
    perExpert.set(p.expertId, (perExpert.get(p.expertId) ?? 0) + 1);
  }
  for (const x of input.experts) expect(perExpert.get(x.id) ?? 0).toBeLessThanOrEqual(Math.max(0, x.capacity));
  const short = input.declarations
    .filter((d) => (perDecl.get(d.id) ?? 0) < d.k)
    .map((d) => ({ declarationId: d.id, missing: d.k - (perDecl.get(d.id) ?? 0) }))
    .sort((a, b) => a.declarationId - b.declarationId);
  for (const d of input.declarations) expect(perDecl.get(d.id) ?? 0).toBeLessThanOrEqual(Math.max(0, d.k));
  expect(r.uncovered.map(({ declarationId, missing }) => ({ declarationId, missing }))).toEqual(short);
  for (const u of r.uncovered) expect(u.reason).toMatch(/^(可评审的专家不足|专家余量不足)：需要 \d+ 位/);
  expect(r.cost).toBe(costOf(input, w, r.assignments));
}

/**
 * The optimum by exhaustive search: every declaration takes a subset (at most k) of its allowed
 * experts with room; best = most assignments, then least cost. Branches that cannot beat the best
 * (coverage bound, or same coverage and already dearer: costs are never negative) are cut.
 */
function bruteForce(input: AllocationInput, w: AllocationWeights) {
  const decls = input.declarations;
  const experts = input.experts;
  const options = decls.map((d) => experts.filter((x) => allowed(input, d.id, x.id)).map((x) => x.id));
  const room = new Map(experts.map((x) => [x.id, Math.max(0, x.capacity)]));
  const added = new Map(experts.map((x) => [x.id, 0]));
  const remainingK = decls.map((_, i) => decls.slice(i).reduce((s, d) => s + Math.max(0, d.k), 0));
  let best = { coverage: -1, cost: Number.POSITIVE_INFINITY };
  const visit = (i: number, coverage: number, cost: number) => {
    const bound = coverage + (remainingK[i] ?? 0);
    if (bound < best.coverage || (bound === best.coverage && cost >= best.cost)) return;
    const d = decls[i];
    if (!d) {
      if (coverage > best.coverage || cost < best.cost) best = { coverage, cost };
      return;
    }
    const list = options[i] as number[];
    const pick = (from: number, taken: number, c: number) => {
      visit(i + 1, coverage + taken, c);
      if (taken >= d.k) return;
      for (let j = from; j < list.length; j++) {
        const e = list[j] as number;
        if ((room.get(e) as number) === 0) continue;
        room.set(e, (room.get(e) as number) - 1);
        const n = (added.get(e) as number) + 1;
        added.set(e, n);
        pick(j + 1, taken + 1, c + pairCost(input, w, d.id, e) + w.loadStep * (baseLoad(input, e) + n));
        added.set(e, n - 1);
        room.set(e, (room.get(e) as number) + 1);
      }
    };
    pick(0, 0, cost);
  };
  visit(0, 0, 0);
  return best;
}

/** A plain min-cost max-flow on the explicit graph (Bellman–Ford, one unit at a time): the reference for medium cases. */
function referenceFlow(input: AllocationInput, w: AllocationWeights) {
  const D = input.declarations.length;
  const E = input.experts.length;
  const S = D + E;
  const T = S + 1;
  const to: number[] = [];
  const cap: number[] = [];
  const cost: number[] = [];
  const adj: number[][] = Array.from({ length: T + 1 }, () => []);
  const arc = (a: number, b: number, c: number, k: number) => {
    adj[a]?.push(to.length);
    to.push(b);
    cap.push(c);
    cost.push(k);
    adj[b]?.push(to.length);
    to.push(a);
    cap.push(0);
    cost.push(-k);
  };
  input.declarations.forEach((d, i) => {
    arc(S, i, Math.max(0, d.k), 0);
    input.experts.forEach((x, e) => {
      if (allowed(input, d.id, x.id)) arc(i, D + e, 1, pairCost(input, w, d.id, x.id));
    });
  });
  input.experts.forEach((x, e) => {
    for (let j = 1; j <= Math.max(0, x.capacity); j++) arc(D + e, T, 1, w.loadStep * (baseLoad(input, x.id) + j));
  });
  let flow = 0;
  let total = 0;
  for (;;) {
    const dist = new Array<number>(T + 1).fill(Number.POSITIVE_INFINITY);
    const via = new Array<number>(T + 1).fill(-1);
    dist[S] = 0;
    for (let changed = true; changed; ) {
      changed = false;
      for (let a = 0; a <= T; a++)
        for (const id of adj[a] ?? []) {
          const b = to[id] as number;
          if ((cap[id] as number) > 0 && (dist[a] as number) + (cost[id] as number) < (dist[b] as number)) {
            dist[b] = (dist[a] as number) + (cost[id] as number);
            via[b] = id;
            changed = true;
          }
        }
    }
    if (dist[T] === Number.POSITIVE_INFINITY) return { coverage: flow, cost: total };
    for (let v = T; v !== S; v = to[(via[v] as number) ^ 1] as number) {
      cap[via[v] as number] = (cap[via[v] as number] as number) - 1;
      cap[(via[v] as number) ^ 1] = (cap[(via[v] as number) ^ 1] as number) + 1;
    }
    flow++;
    total += dist[T] as number;
  }
}

/** 0 one time in six, else 1..max. */
const mostlyPositive = (max: number) =>
  fc.oneof({ arbitrary: fc.constant(0), weight: 1 }, { arbitrary: fc.integer({ min: 1, max }), weight: 5 });

/** Random instances from fast-check: ids, units, domains, groups, conflicts and existing pairs drawn small so they collide. */
const instance = (size: { declarations: number; experts: number; k: number; capacity: number }) =>
  fc
    .record({
      declarations: fc.array(
        fc.record({
          unitId: fc.option(fc.integer({ min: 1, max: 3 })),
          domains: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 2 }),
          groupId: fc.option(fc.integer({ min: 1, max: 2 })),
          k: mostlyPositive(size.k),
        }),
        { minLength: 1, maxLength: size.declarations, size: 'max' },
      ),
      experts: fc.array(
        fc.record(
          {
            unitId: fc.option(fc.integer({ min: 1, max: 3 })),
            domains: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }),
            groupIds: fc.uniqueArray(fc.integer({ min: 1, max: 2 }), { minLength: 1, maxLength: 2 }),
            capacity: mostlyPositive(size.capacity),
            load: fc.integer({ min: 0, max: 3 }),
          },
          { requiredKeys: ['unitId', 'domains', 'capacity'] },
        ),
        { minLength: 1, maxLength: size.experts, size: 'max' },
      ),
      conflicts: fc.array(fc.tuple(fc.nat(), fc.boolean(), fc.nat()), { maxLength: 3 }),
      existing: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 2 }),
      weights: fc.constantFrom<AllocationWeights>(
        DEFAULT_WEIGHTS,
        { domainMatch: 0, domainMismatch: 3, loadStep: 2 },
        { domainMatch: 1, domainMismatch: 4, loadStep: 0 },
      ),
    })
    .map(({ declarations, experts, conflicts, existing, weights }) => {
      const ds = declarations.map((d, i) => ({ ...d, id: 10 + 3 * i }));
      const xs = experts.map((x, i) => ({ ...x, id: 100 + 7 * i }));
      const pick = <T>(list: T[], n: number) => (list.length ? list[n % list.length] : undefined);
      const input: AllocationInput = {
        declarations: ds,
        experts: xs,
        conflicts: conflicts.flatMap(([e, byUnit, n]): AllocationConflict[] => {
          const x = pick(xs, e);
          if (!x) return [];
          if (byUnit) return [{ expertId: x.id, unitId: 1 + (n % 3) }];
          const d = pick(ds, n);
          return d ? [{ expertId: x.id, declarationId: d.id }] : [];
        }),
        existing: existing.flatMap(([e, n]) => {
          const x = pick(xs, e);
          const d = pick(ds, n);
          return x && d ? [{ expertId: x.id, declarationId: d.id }] : [];
        }),
      };
      return { input, weights };
    });

describe('reviewer allocation (exact)', () => {
  it('matches the exhaustive optimum on small cases (≤ 5 declarations, ≤ 5 experts, k ≤ 2)', () => {
    fc.assert(
      fc.property(instance({ declarations: 5, experts: 5, k: 2, capacity: 3 }), ({ input, weights }) => {
        const r = solveAllocation(input, weights);
        checkValid(input, weights, r);
        const best = bruteForce(input, weights);
        expect({ coverage: r.assignments.length, cost: r.cost }).toEqual(best);
        // Exactly k for every declaration whenever the exhaustive search covers them all.
        const demand = input.declarations.reduce((s, d) => s + d.k, 0);
        if (best.coverage === demand) expect(r.uncovered).toEqual([]);
        // The greedy obeys the same rules and never beats the optimum.
        const g = greedyAllocation(input, weights);
        checkValid(input, weights, g);
        expect(g.assignments.length).toBeLessThanOrEqual(best.coverage);
        if (g.assignments.length === best.coverage) expect(g.cost).toBeGreaterThanOrEqual(best.cost);
      }),
      { numRuns: 600, seed: 14 },
    );
  });

  it('matches a plain min-cost max-flow on medium cases', () => {
    fc.assert(
      fc.property(instance({ declarations: 30, experts: 12, k: 4, capacity: 8 }), ({ input, weights }) => {
        const r = solveAllocation(input, weights);
        checkValid(input, weights, r);
        expect({ coverage: r.assignments.length, cost: r.cost }).toEqual(referenceFlow(input, weights));
      }),
      { numRuns: 150, seed: 3 },
    );
  });

  it('is deterministic: the same input, in any order, gives the same output', () => {
    fc.assert(
      fc.property(
        instance({ declarations: 20, experts: 10, k: 3, capacity: 6 }),
        fc.integer({ min: 1, max: 1000 }),
        ({ input, weights }, seed) => {
          const r = solveAllocation(input, weights);
          expect(solveAllocation(input, weights)).toEqual(r);
          const shuffle = <T>(xs: T[]) =>
            xs
              .map((x, i) => ({ x, key: (i * 7919 + seed * 104729) % 1009 }))
              .sort((a, b) => a.key - b.key)
              .map((y) => y.x);
          const shuffled: AllocationInput = {
            declarations: shuffle(input.declarations),
            experts: shuffle(input.experts),
            conflicts: shuffle(input.conflicts),
            existing: shuffle(input.existing),
          };
          expect(solveAllocation(shuffled, weights)).toEqual(r);
        },
      ),
      { numRuns: 60, seed: 7 },
    );
  });

  it('spreads load evenly and prefers experts of the same domain', () => {
    const input: AllocationInput = {
      declarations: [1, 2, 3, 4].map((id) => ({ id, unitId: null, domains: [1], k: 1 })),
      experts: [
        { id: 10, unitId: null, domains: [1], capacity: 10 },
        { id: 11, unitId: null, domains: [1], capacity: 10 },
        { id: 12, unitId: null, domains: [2], capacity: 10 },
      ],
      conflicts: [],
      existing: [],
    };
    const r = solveAllocation(input);
    const loads = (id: number) => r.assignments.filter((a) => a.expertId === id).length;
    // Two each for the matching experts (costs 1 + 2 each) beats giving the third one a
    // declaration out of its domain (10 + 1) to relieve them.
    expect([loads(10), loads(11), loads(12)]).toEqual([2, 2, 0]);
    expect(r.cost).toBe(6);
  });

  it('covers every declaration when a greedy order would strand one', () => {
    // Declaration 1 comes first and, greedy, takes the cheaper expert 10 — the only one
    // declaration 2 may have (expert 11 is of declaration 2's unit).
    const input: AllocationInput = {
      declarations: [
        { id: 1, unitId: 1, domains: [1], k: 1 },
        { id: 2, unitId: 2, domains: [1], k: 1 },
      ],
      experts: [
        { id: 10, unitId: 9, domains: [1], capacity: 1 },
        { id: 11, unitId: 2, domains: [2], capacity: 1 },
      ],
      conflicts: [],
      existing: [],
    };
    expect(greedyAllocation(input).uncovered.map((u) => u.declarationId)).toEqual([2]);
    const r = solveAllocation(input);
    expect(r.assignments).toEqual([
      { declarationId: 1, expertId: 11 },
      { declarationId: 2, expertId: 10 },
    ]);
    expect(r.uncovered).toEqual([]);
  });

  it('names the declarations it cannot cover, with the reason in Chinese', () => {
    const input: AllocationInput = {
      declarations: [
        { id: 1, unitId: 5, domains: [1], k: 3 },
        { id: 2, unitId: 6, domains: [1], k: 2 },
        { id: 3, unitId: 7, domains: [1], groupId: 2, k: 1 },
      ],
      experts: [
        { id: 10, unitId: 5, domains: [1], capacity: 5 },
        { id: 11, unitId: 5, domains: [1], capacity: 5 },
        { id: 12, unitId: 5, domains: [1], capacity: 5, groupIds: [1] },
        { id: 13, unitId: 8, domains: [1], capacity: 0 },
      ],
      conflicts: [
        { expertId: 10, unitId: 6 },
        { expertId: 11, declarationId: 2 },
      ],
      existing: [],
    };
    const r = solveAllocation(input);
    expect(r.assignments).toEqual([
      { declarationId: 2, expertId: 12 },
      { declarationId: 3, expertId: 10 },
    ]);
    expect(r.uncovered).toEqual([
      {
        declarationId: 1,
        missing: 3,
        reason: '可评审的专家不足：需要 3 位，只有 0 位专家无利益冲突且有余量（其余：同单位 3 位、已满额 1 位）',
      },
      {
        declarationId: 2,
        missing: 1,
        reason: '可评审的专家不足：需要 2 位，只有 1 位专家无利益冲突且有余量（其余：回避 2 位、已满额 1 位）',
      },
    ]);
  });

  it('reports capacity taken by other declarations', () => {
    const input: AllocationInput = {
      declarations: [
        { id: 1, unitId: null, domains: [], k: 2 },
        { id: 2, unitId: null, domains: [], k: 2 },
      ],
      experts: [
        { id: 10, unitId: null, domains: [], capacity: 1 },
        { id: 11, unitId: null, domains: [], capacity: 2 },
      ],
      conflicts: [],
      existing: [{ expertId: 10, declarationId: 2 }],
    };
    const r = solveAllocation(input);
    expect(r.assignments).toHaveLength(3);
    expect(r.uncovered).toEqual([
      {
        declarationId: 2,
        missing: 1,
        reason: '可评审的专家不足：需要 2 位，只有 1 位专家无利益冲突且有余量（其余：已在评审 1 位）',
      },
    ]);
    const tight: AllocationInput = { ...input, existing: [] };
    const t = solveAllocation(tight);
    expect(t.assignments).toHaveLength(3);
    expect(t.uncovered).toEqual([
      {
        declarationId: 2,
        missing: 1,
        reason: '专家余量不足：需要 2 位，有 2 位专家无利益冲突且有余量，已分配 1 位，其中 1 位的余量已分给其他申报',
      },
    ]);
  });

  it('never assigns an existing pair again and counts existing load', () => {
    const input: AllocationInput = {
      declarations: [
        { id: 1, unitId: null, domains: [1], k: 1 },
        { id: 2, unitId: null, domains: [1], k: 1 },
      ],
      experts: [
        { id: 10, unitId: null, domains: [1], capacity: 5 },
        { id: 11, unitId: null, domains: [1], capacity: 5 },
      ],
      conflicts: [],
      existing: [
        { expertId: 10, declarationId: 1 },
        { expertId: 10, declarationId: 99 },
      ],
    };
    // Expert 10 already reviews two: both new declarations go to expert 11 (costs 1 + 2 < 3 + 1).
    expect(solveAllocation(input).assignments).toEqual([
      { declarationId: 1, expertId: 11 },
      { declarationId: 2, expertId: 11 },
    ]);
  });

  it('handles nothing to allocate', () => {
    const none: AllocationInput = { declarations: [], experts: [], conflicts: [], existing: [] };
    expect(solveAllocation(none)).toEqual({ assignments: [], cost: 0, uncovered: [] });
    const noExperts: AllocationInput = { ...none, declarations: [{ id: 1, unitId: null, domains: [], k: 2 }] };
    expect(solveAllocation(noExperts).uncovered).toEqual([
      { declarationId: 1, missing: 2, reason: '可评审的专家不足：需要 2 位，只有 0 位专家无利益冲突且有余量' },
    ]);
    const noDemand: AllocationInput = {
      ...none,
      experts: [{ id: 1, unitId: null, domains: [], capacity: 3 }],
      declarations: [{ id: 1, unitId: null, domains: [], k: 0 }],
    };
    expect(solveAllocation(noDemand)).toEqual({ assignments: [], cost: 0, uncovered: [] });
  });

  it('refuses duplicate ids and weights that are not whole numbers ≥ 0', () => {
    const input: AllocationInput = {
      declarations: [
        { id: 1, unitId: null, domains: [], k: 1 },
        { id: 1, unitId: null, domains: [], k: 1 },
      ],
      experts: [],
      conflicts: [],
      existing: [],
    };
    expect(() => solveAllocation(input)).toThrow(/declaration 1 appears twice/);
    expect(() => solveAllocation({ ...input, declarations: [] }, { ...DEFAULT_WEIGHTS, loadStep: 0.5 })).toThrow(
      /integer/,
    );
  });

  it('stays valid and no worse than the greedy on a larger random case', () => {
    let seed = 99;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const int = (n: number) => Math.floor(rand() * n);
    const input: AllocationInput = {
      declarations: Array.from({ length: 400 }, (_, i) => ({
        id: i + 1,
        unitId: 1 + int(20),
        domains: [1 + int(8)],
        groupId: 1 + int(3),
        k: 1 + int(4),
      })),
      experts: Array.from({ length: 60 }, (_, i) => ({
        id: 1000 + i,
        unitId: 1 + int(20),
        domains: [1 + int(8), 1 + int(8)],
        groupIds: int(3) === 0 ? [1 + int(3)] : undefined,
        capacity: 5 + int(20),
      })),
      conflicts: Array.from({ length: 60 }, () => ({ expertId: 1000 + int(60), unitId: 1 + int(20) })),
      existing: Array.from({ length: 40 }, () => ({ expertId: 1000 + int(60), declarationId: 1 + int(400) })),
    };
    const r = solveAllocation(input);
    checkValid(input, DEFAULT_WEIGHTS, r);
    const g = greedyAllocation(input);
    checkValid(input, DEFAULT_WEIGHTS, g);
    expect(r.assignments.length).toBeGreaterThanOrEqual(g.assignments.length);
    if (r.assignments.length === g.assignments.length) expect(r.cost).toBeLessThanOrEqual(g.cost);
    expect(referenceFlow(input, DEFAULT_WEIGHTS)).toEqual({ coverage: r.assignments.length, cost: r.cost });
  });
});
