import { z } from 'zod';

/**
 * A region node (spec 002 §3): c the 6-digit code, n the name, p the province code part, y the
 * city part, a the district part, d the children. Provinces hold cities, cities hold districts.
 */
export interface TRegionNode {
  c: string;
  n: string;
  p: string;
  y?: string;
  a?: string;
  d?: TRegionNode[];
}

export const ZRegionNode: z.ZodType<TRegionNode> = z
  .lazy(() =>
    z.object({
      c: z.string(),
      n: z.string(),
      p: z.string(),
      y: z.string().optional(),
      a: z.string().optional(),
      d: z.array(ZRegionNode).optional(),
    }),
  )
  .meta({ id: 'RegionNode' });

/** The region-list panel: a flat page of regions with their full names. */
export const ZRegionListItem = z.object({
  c: z.string(),
  n: z.string(),
  /** 省 / 市 / 区 names joined, e.g. 浙江省 / 杭州市 / 西湖区 */
  fullName: z.string(),
  level: z.number().int().describe('1 province, 2 city, 3 district'),
});
export type TRegionListItem = z.infer<typeof ZRegionListItem>;

export const REGION_PAGE_SIZE = 50;

export const ZRegionListQuery = z.object({
  parent: z
    .string()
    .regex(/^\d{6}$/, '行政区划代码为6位数字')
    .optional(),
  keyword: z.string().trim().max(20, '搜索内容最多20个字').optional(),
  current: z.coerce.number({ error: '页码必须是数字' }).int().min(1, '页码从1开始').default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(REGION_PAGE_SIZE, `每页最多${REGION_PAGE_SIZE}条`)
    .default(REGION_PAGE_SIZE),
});
