// Reviewer allocation (issue 14): pure functions, no database. `solveAllocation` is exact (minimum
// cost maximum flow); `greedyAllocation` is the baseline it is measured against.
export { greedyAllocation, greedyModel } from './greedy';
export {
  type AllocationConflict,
  type AllocationDeclaration,
  type AllocationExpert,
  type AllocationInput,
  type AllocationModel,
  type AllocationPair,
  type AllocationResult,
  type AllocationUncovered,
  type AllocationWeights,
  buildModel,
  DEFAULT_WEIGHTS,
  DOMAIN_MATCH_COST,
  DOMAIN_MISMATCH_COST,
  LOAD_STEP_COST,
} from './model';
export { type SolverStats, solveAllocation, solveModel } from './solver';
