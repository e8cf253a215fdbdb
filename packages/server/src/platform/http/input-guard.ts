import type { FastifyRequest } from 'fastify';
import { badInput } from './errors';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const ILLEGAL_CHARACTERS_MESSAGE = '请求参数包含非法字符';

/**
 * Text PostgreSQL cannot store (NUL: "invalid byte sequence") or that is not Unicode at all (an
 * unpaired surrogate, which a UTF-8 encoder silently turns into U+FFFD).
 */
export function isIllegalText(s: string): boolean {
  return s.includes('\0') || LONE_SURROGATE.test(s);
}

/**
 * The path of the first illegal string (or object key) in a value, or null. Iterative, so a
 * deeply nested body cannot overflow the stack.
 */
export function findIllegalText(value: unknown, root: string): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [v, path] = stack.pop() as [unknown, string];
    if (typeof v === 'string') {
      if (isIllegalText(v)) return path;
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push([v[i], `${path}.${i}`]);
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, child] of Object.entries(v)) {
        if (isIllegalText(k)) return path;
        stack.push([child, `${path}.${k}`]);
      }
    }
  }
  return null;
}

/**
 * One check for every route, before authentication and validation: a NUL or an unpaired surrogate
 * in a path parameter, the query or a JSON body is refused here instead of reaching the database.
 */
export async function refuseIllegalText(request: FastifyRequest): Promise<void> {
  const where =
    findIllegalText(request.params, 'params') ??
    findIllegalText(request.query, 'querystring') ??
    findIllegalText(request.body, 'body');
  if (where) throw badInput(ILLEGAL_CHARACTERS_MESSAGE, { path: where });
}
