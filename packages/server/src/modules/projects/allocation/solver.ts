// Exact reviewer allocation: a minimum-cost maximum flow.
//
//   source ─(k, 0)→ declaration ─(1, domain cost)→ expert ─(unit arcs, j-th costs j × step)→ sink
//
// The flow's value is the number of assignments (coverage, maximised first); its cost is what the
// soft rules weigh (domain mismatch, uneven load). Forbidden pairs have no arc.
//
// Method: successive shortest paths with potentials (primal–dual). Every round, Dijkstra on the
// reduced costs gives the distance to the sink and new potentials; then augmenting passes send as
// many units as they can along arcs of reduced cost zero (every such source–sink path is a
// shortest path), until a depth-first pass finds none. The flow stays of minimum cost for its
// value after every augmentation, and the rounds stop when the sink is unreachable: a maximum flow
// of minimum cost — exactly optimal, not a heuristic.
//
// What makes it fast on thousands × hundreds (a complete graph would hold millions of arcs):
//  - the arcs are implicit: one byte per declaration–expert pair (forbidden, match, mismatch, with
//    an "assigned" flag); an expert's residual arcs back to declarations are the few it holds;
//  - the expert's parallel unit arcs to the sink are a counter: with a convex load cost the
//    cheapest unit arcs are always the ones used, so the residual arcs are "the next unit" (cost
//    of load + 1) and "give back the last" (never on a source–sink path);
//  - Dijkstra relaxes a declaration's row only towards experts not yet settled (there are few
//    experts and many declarations, so most rows are short once the experts settle);
//  - a zero-reduced-cost arc declaration → expert needs pot[e] = pot[d] + pair cost, and pair
//    costs take two values: the augmenting passes find a declaration's next admissible expert by
//    ANDing 32-expert words of bit sets (its unassigned match or mismatch experts, the experts of
//    the potential wanted, the experts not yet visited in the pass), not by scanning its row;
//  - rounds are few: one per distinct shortest-path length (which grows with the load, by small
//    integer steps), each with a handful of passes that augment along many paths at once.
// Ties are broken by index (declarations and experts sorted by id), so equal input gives equal
// output.
import {
  type AllocationInput,
  type AllocationModel,
  type AllocationResult,
  type AllocationWeights,
  buildModel,
  buildResult,
  DEFAULT_WEIGHTS,
  loadCost,
  PAIR_ASSIGNED,
  PAIR_FORBIDDEN,
  PAIR_MATCH,
  PAIR_MISMATCH,
} from './model';

export interface SolverStats {
  /** Dijkstra rounds (distinct shortest-path lengths, plus the last one that finds no path). */
  rounds: number;
  /** Augmenting passes over the zero-reduced-cost arcs. */
  passes: number;
  /** Augmenting paths: the number of assignments. */
  augmentations: number;
}

/** Allocates reviewers exactly: the most assignments possible, and among those the cheapest. */
export function solveAllocation(
  input: AllocationInput,
  weights: AllocationWeights = DEFAULT_WEIGHTS,
): AllocationResult {
  return solveModel(buildModel(input, weights)).result;
}

/** The exact solver on a built model, with its counters (the benchmark prints them). */
export function solveModel(m: AllocationModel): { result: AllocationResult; stats: SolverStats } {
  const { D, E, pair, need, capacity, baseLoad } = m;
  // Nodes: experts 0..E-1 (first, so they win ties in Dijkstra and settle early), declarations
  // E..E+D-1, sink T, source S.
  const T = E + D;
  const S = T + 1;
  const N = S + 1;
  const pot = new Float64Array(N);
  const dist = new Float64Array(N);
  const taken = new Int32Array(D); // reviewers given to each declaration: flow source → d
  const load = new Int32Array(E); // new declarations of each expert: flow e → sink
  const held: number[][] = Array.from({ length: E }, () => []); // flow d → e, by expert
  const stats: SolverStats = { rounds: 0, passes: 0, augmentations: 0 };

  // Cost of the forward arc d → e by pair code; Infinity where there is none (forbidden pair,
  // or assigned already: its unit capacity is used).
  const forward = new Float64Array(8).fill(Number.POSITIVE_INFINITY);
  forward[PAIR_MATCH] = m.weights.domainMatch;
  forward[PAIR_MISMATCH] = m.weights.domainMismatch;
  // Cost of an assigned pair (its reverse arc e → d costs the opposite).
  const assignedCost = (code: number) => ((code & 3) === PAIR_MATCH ? m.weights.domainMatch : m.weights.domainMismatch);
  const nextUnitCost = (e: number) => loadCost(m, (baseLoad[e] as number) + (load[e] as number) + 1);
  const hasRoom = (e: number) => (load[e] as number) < (capacity[e] as number);

  // ── Dijkstra with an indexed binary heap (keys: reduced distance, then node) ─────────────────
  const heap = new Int32Array(N);
  const where = new Int32Array(N); // position in the heap, -1 when not in it
  let size = 0;
  const before = (a: number, b: number) => {
    const da = dist[a] as number;
    const db = dist[b] as number;
    return da < db || (da === db && a < b);
  };
  const up = (i: number) => {
    const v = heap[i] as number;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = heap[parent] as number;
      if (!before(v, p)) break;
      heap[i] = p;
      where[p] = i;
      i = parent;
    }
    heap[i] = v;
    where[v] = i;
  };
  const pop = () => {
    const top = heap[0] as number;
    where[top] = -1;
    const last = heap[--size] as number;
    if (size > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= size) break;
        const r = l + 1;
        const c = r < size && before(heap[r] as number, heap[l] as number) ? r : l;
        const cv = heap[c] as number;
        if (!before(cv, last)) break;
        heap[i] = cv;
        where[cv] = i;
        i = c;
      }
      heap[i] = last;
      where[last] = i;
    }
    return top;
  };
  const relax = (v: number, d: number) => {
    if (d >= (dist[v] as number)) return;
    dist[v] = d;
    if (where[v] === -1) {
      heap[size] = v;
      where[v] = size;
      size++;
    }
    up(where[v] as number);
  };
  // Experts not yet settled in this round (declarations relax only towards these).
  const active = new Int32Array(E);
  const activeAt = new Int32Array(E);

  /** One Dijkstra round; updates the potentials. False when the sink is unreachable. */
  function shortestPaths(): boolean {
    dist.fill(Number.POSITIVE_INFINITY);
    where.fill(-1);
    size = 0;
    for (let e = 0; e < E; e++) {
      active[e] = e;
      activeAt[e] = e;
    }
    let nActive = E;
    relax(S, 0);
    while (size > 0) {
      const u = pop();
      if (u === T) break;
      const base = (dist[u] as number) + (pot[u] as number);
      if (u === S) {
        for (let d = 0; d < D; d++)
          if ((taken[d] as number) < (need[d] as number)) relax(E + d, base - (pot[E + d] as number));
      } else if (u < E) {
        const at = activeAt[u] as number;
        const last = active[--nActive] as number;
        active[at] = last;
        activeAt[last] = at;
        for (const d of held[u] as number[])
          relax(E + d, base - assignedCost(pair[d * E + u] as number) - (pot[E + d] as number));
        if (hasRoom(u)) relax(T, base + nextUnitCost(u) - (pot[T] as number));
      } else {
        // The dense step: a declaration's row, towards the experts still unsettled.
        const row = (u - E) * E;
        for (let i = 0; i < nActive; i++) {
          const e = active[i] as number;
          const nd = base + (forward[pair[row + e] as number] as number) - (pot[e] as number);
          if (nd < (dist[e] as number)) relax(e, nd);
        }
      }
    }
    const reach = dist[T] as number;
    if (reach === Number.POSITIVE_INFINITY) return false;
    // Nodes settled before the sink move by their distance, the others by the sink's: every
    // residual arc keeps a non-negative reduced cost, and the shortest paths get reduced cost 0.
    for (let v = 0; v < N; v++) pot[v] = (pot[v] as number) + Math.min(dist[v] as number, reach);
    return true;
  }

  // ── Augmenting passes over arcs of reduced cost zero ─────────────────────────────────────────
  // Bit sets over experts, W words each. A declaration's admissible experts are those of its row
  // set for a pair class (match or mismatch, unassigned) whose potential is the declaration's plus
  // that class's cost, not yet visited in this pass: three ANDs per word, no scan of the row.
  const W = Math.max(1, Math.ceil(E / 32));
  const classes = [PAIR_MATCH, PAIR_MISMATCH];
  const classCost = [m.weights.domainMatch, m.weights.domainMismatch];
  const rowBits = new Uint32Array(classes.length * D * W); // [class][declaration][word]
  const bitOf = (e: number) => 1 << (e & 31);
  const rowWord = (code: number, d: number, e: number) => ((code & 3) === PAIR_MATCH ? 0 : D * W) + d * W + (e >>> 5);
  for (let d = 0; d < D; d++)
    for (let e = 0; e < E; e++) {
      const code = pair[d * E + e] as number;
      if (code === PAIR_FORBIDDEN) continue;
      const at = rowWord(code, d, e);
      rowBits[at] = (rowBits[at] as number) | bitOf(e);
    }
  const potSlice = new Map<number, number>(); // potential → offset of its experts' set in potBits
  let potBits = new Uint32Array(0);
  function groupExperts() {
    potSlice.clear();
    for (let e = 0; e < E; e++) if (!potSlice.has(pot[e] as number)) potSlice.set(pot[e] as number, potSlice.size * W);
    if (potBits.length < potSlice.size * W) potBits = new Uint32Array(potSlice.size * W);
    potBits.fill(0, 0, potSlice.size * W);
    for (let e = 0; e < E; e++) {
      const at = (potSlice.get(pot[e] as number) as number) + (e >>> 5);
      potBits[at] = (potBits[at] as number) | bitOf(e);
    }
  }
  const unseen = new Uint32Array(W); // experts not yet visited in this pass
  const seen = new Int32Array(D); // pass stamp of the declarations visited
  let stamp = 0;
  const stack = new Int32Array(N + 1);
  const heldPos = new Int32Array(E); // expert: next held declaration to try

  /** The declaration's first unvisited expert over an unassigned arc of reduced cost 0, or -1. */
  const nextExpert = (d: number) => {
    const pd = pot[E + d] as number;
    for (let c = 0; c < classes.length; c++) {
      const slice = potSlice.get(pd + (classCost[c] as number));
      if (slice === undefined) continue;
      const row = (c * D + d) * W;
      for (let w = 0; w < W; w++) {
        const x = (rowBits[row + w] as number) & (potBits[slice + w] as number) & (unseen[w] as number);
        if (x !== 0) return w * 32 + 31 - Math.clz32(x & -x);
      }
    }
    return -1;
  };
  const visitExpert = (e: number) => {
    unseen[e >>> 5] = (unseen[e >>> 5] as number) & ~bitOf(e);
  };

  /** Sends one unit along stack[0..top-1] (declaration, expert, declaration, …, expert) to the sink. */
  function augment(top: number) {
    const first = (stack[0] as number) - E;
    taken[first] = (taken[first] as number) + 1;
    for (let i = 0; i + 1 < top; i++) {
      const a = stack[i] as number;
      const b = stack[i + 1] as number;
      if (a >= E) {
        // declaration → expert: assign
        const d = a - E;
        const code = pair[d * E + b] as number;
        pair[d * E + b] = code | PAIR_ASSIGNED;
        rowBits[rowWord(code, d, b)] = (rowBits[rowWord(code, d, b)] as number) & ~bitOf(b);
        (held[b] as number[]).push(d);
      } else {
        // expert → declaration: the declaration leaves this expert for the next one
        const d = b - E;
        const code = (pair[d * E + a] as number) & ~PAIR_ASSIGNED;
        pair[d * E + a] = code;
        rowBits[rowWord(code, d, a)] = (rowBits[rowWord(code, d, a)] as number) | bitOf(a);
        const list = held[a] as number[];
        const at = list.indexOf(d);
        list[at] = list[list.length - 1] as number;
        list.pop();
      }
    }
    const last = stack[top - 1] as number;
    load[last] = (load[last] as number) + 1;
    stats.augmentations++;
  }

  /**
   * One depth-first pass from the source over arcs of reduced cost 0, each node visited once:
   * augments along every path it finds (node-disjoint ones). Returns how many.
   */
  function augmentingPass(): number {
    stamp++;
    unseen.fill(0xffffffff);
    let found = 0;
    let nextSource = 0;
    let top = 0;
    const ps = pot[S] as number;
    const pt = pot[T] as number;
    for (;;) {
      if (top === 0) {
        let start = -1;
        while (nextSource < D) {
          const d = nextSource++;
          if ((taken[d] as number) < (need[d] as number) && seen[d] !== stamp && pot[E + d] === ps) {
            start = d;
            break;
          }
        }
        if (start < 0) return found;
        seen[start] = stamp;
        stack[top++] = E + start;
        continue;
      }
      const u = stack[top - 1] as number;
      if (u >= E) {
        const e = nextExpert(u - E);
        if (e < 0) {
          top--;
          continue;
        }
        visitExpert(e);
        stack[top++] = e;
        if (hasRoom(e) && (pot[e] as number) + nextUnitCost(e) === pt) {
          augment(top);
          found++;
          top = 0;
        } else heldPos[e] = 0;
      } else {
        const list = held[u] as number[];
        const pu = pot[u] as number;
        let next = -1;
        while ((heldPos[u] as number) < list.length) {
          const at = heldPos[u] as number;
          heldPos[u] = at + 1;
          const d = list[at] as number;
          if (seen[d] !== stamp && pu - assignedCost(pair[d * E + u] as number) === pot[E + d]) {
            next = d;
            break;
          }
        }
        if (next < 0) {
          top--;
          continue;
        }
        seen[next] = stamp;
        stack[top++] = E + next;
      }
    }
  }

  while (shortestPaths()) {
    stats.rounds++;
    groupExperts();
    for (;;) {
      stats.passes++;
      if (augmentingPass() === 0) break;
    }
  }
  stats.rounds++; // the last round, which found the sink unreachable

  const chosen: number[][] = Array.from({ length: D }, () => []);
  for (let e = 0; e < E; e++) for (const d of held[e] as number[]) (chosen[d] as number[]).push(e);
  return { result: buildResult(m, chosen), stats };
}
