import { z } from 'zod';
import { ZPage } from '../platform/list';
import { orgTypeCodes } from '../platform/org-codes';

export const ZOrg = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  parentName: z.string(),
  name: z.string(),
  orgType: z.number().int(),
  orgTypeName: z.string(),
  regionCode: z.string(),
  status: z.number().int(),
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type TOrg = z.infer<typeof ZOrg>;
export const ZOrgPage = ZPage(ZOrg);

export const ZOrgInput = z.object({
  name: z.string({ error: '请输入单位名称' }).trim().min(1, '请输入单位名称').max(60, '单位名称最多60个字'),
  orgType: z.coerce
    .number({ error: '请选择单位类型' })
    .int()
    .refine((v) => (orgTypeCodes as number[]).includes(v), '单位类型不正确'),
  parentId: z.coerce.number().int().positive().nullable().default(null),
  regionCode: z
    .string()
    .trim()
    .regex(/^(\d{6})?$/, '行政区划代码为6位数字')
    .default(''),
  status: z.coerce.number().int().min(0).max(1).default(1),
});
export type TOrgInput = z.infer<typeof ZOrgInput>;
