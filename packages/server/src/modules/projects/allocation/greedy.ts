// The baseline: declarations one at a time, in input order, each taking its k cheapest allowed
// experts that still have room (pair cost plus the cost of the expert's next declaration; ties by
// expert id). Same rules and result shape as the exact solver, no optimality: an early
// declaration can take the only experts a later one could have had.
import {
  type AllocationInput,
  type AllocationModel,
  type AllocationResult,
  type AllocationWeights,
  buildModel,
  buildResult,
  DEFAULT_WEIGHTS,
  loadCost,
  PAIR_FORBIDDEN,
  pairCost,
} from './model';

export function greedyAllocation(
  input: AllocationInput,
  weights: AllocationWeights = DEFAULT_WEIGHTS,
): AllocationResult {
  return greedyModel(
    buildModel(input, weights),
    input.declarations.map((d) => d.id),
  );
}

/** The greedy on a built model; `order` lists declaration ids in the order they are served. */
export function greedyModel(m: AllocationModel, order: number[]): AllocationResult {
  const { D, E, pair, need, capacity, baseLoad } = m;
  const indexOf = new Map(m.declarations.map((d, i) => [d.id, i]));
  const load = new Int32Array(E);
  const chosen: number[][] = Array.from({ length: D }, () => []);
  const score = new Float64Array(E);
  for (const id of order) {
    const d = indexOf.get(id);
    if (d === undefined) continue;
    const row = d * E;
    for (let e = 0; e < E; e++) {
      const code = pair[row + e] as number;
      score[e] =
        code === PAIR_FORBIDDEN || (load[e] as number) >= (capacity[e] as number)
          ? Number.POSITIVE_INFINITY
          : pairCost(m, code) + loadCost(m, (baseLoad[e] as number) + (load[e] as number) + 1);
    }
    // k smallest by repeated scans: k is a handful, a full sort per declaration would cost more.
    const list = chosen[d] as number[];
    for (let taken = 0; taken < (need[d] as number); taken++) {
      let best = -1;
      for (let e = 0; e < E; e++)
        if (
          (score[e] as number) < Number.POSITIVE_INFINITY &&
          (best < 0 || (score[e] as number) < (score[best] as number))
        )
          best = e;
      if (best < 0) break;
      score[best] = Number.POSITIVE_INFINITY;
      load[best] = (load[best] as number) + 1;
      list.push(best);
    }
  }
  return buildResult(m, chosen);
}
