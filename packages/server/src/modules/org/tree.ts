import { ResultCode } from '@shetuan/shared';
import { AppError } from '../../platform/http/errors';

/**
 * Checks a new parent in a tree (units, departments): it must exist, and must not be the node
 * itself or one of its descendants. `nodes` are every node's id and parent.
 */
export function assertTreeParent(
  nodes: { id: number; parentId: number | null }[],
  id: number | null,
  parentId: number | null,
  messages: { missing: string; cycle: string },
): void {
  if (parentId === null) return;
  const parentOf = new Map(nodes.map((n) => [n.id, n.parentId]));
  if (!parentOf.has(parentId)) throw new AppError(ResultCode.FAILED, messages.missing);
  for (let cur: number | null | undefined = parentId; cur; cur = parentOf.get(cur)) {
    if (cur === id) throw new AppError(ResultCode.FAILED, messages.cycle);
  }
}
