import { z } from 'zod';

/** Every list: page number from 1, page size up to 100, and a keyword search. */
export const ZPageQuery = z.object({
  current: z.coerce.number({ error: '页码必须是数字' }).int().min(1, '页码从1开始').default(1),
  pageSize: z.coerce
    .number({ error: '每页条数必须是数字' })
    .int()
    .min(1, '每页至少1条')
    .max(100, '每页最多100条')
    .default(20),
  keyword: z.string().trim().max(50, '搜索内容最多50个字').optional(),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

export function ZPage<T extends z.ZodType>(item: T) {
  return z.object({
    records: z.array(item),
    total: z.number().int(),
    current: z.number().int(),
    pageSize: z.number().int(),
  });
}
export interface TPage<T> {
  records: T[];
  total: number;
  current: number;
  pageSize: number;
}

/** The id in a path (/roles/:id). */
export const ZIdParam = z.object({ id: z.coerce.number({ error: '编号必须是数字' }).int().positive('编号有误') });

/** The largest tenant id: tenant ids are PostgreSQL integers (a larger one would fail in the query). */
export const MAX_TENANT_ID = 2_147_483_647;

/** A tenant id sent by a client (query or body): a positive integer within PostgreSQL's integer. */
export const zTenantId = (message = '租户编号有误') =>
  z.coerce.number({ error: message }).int(message).positive(message).max(MAX_TENANT_ID, message);

/** Escapes a keyword for a LIKE pattern. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
