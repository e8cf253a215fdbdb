import { z } from 'zod';
import { ZPage } from '../platform/list';
import { orgTypeCodes } from '../platform/org-codes';

/** A file attached to a record: read at url with the token. */
export const ZAttachment = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  filePath: z.string(),
  fileSize: z.number().int(),
});
export type TAttachment = z.infer<typeof ZAttachment>;

export const ZOrg = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  parentName: z.string(),
  name: z.string(),
  orgType: z.number().int(),
  orgTypeName: z.string(),
  regionCode: z.string(),
  /** 浙江省 / 杭州市 for 330100; '' when the code is not a region. */
  regionName: z.string(),
  status: z.number().int(),
  memberCount: z.number().int(),
  attachments: z.array(ZAttachment),
  /** Rich text, already cleaned by the server. */
  description: z.string(),
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
  /** Rich text (HTML); the server removes anything that could run. */
  description: z.string().max(200_000, '单位简介过长').default(''),
  /** Uploaded files (their ids); at most 5. */
  attachments: z
    .array(z.object({ id: z.coerce.number().int().positive() }).loose())
    .max(5, '证明材料最多5个')
    .default([]),
});
export type TOrgInput = z.infer<typeof ZOrgInput>;

/** /departmentManage: a department of the association's office; `children` when listed as a tree. */
export interface TDepartment {
  id: number;
  parentId: number | null;
  parentName: string;
  name: string;
  leader: string;
  phone: string;
  sort: number;
  status: number;
  staffCount: number;
  createdAt: string;
  children?: TDepartment[];
}
export const ZDepartment: z.ZodType<TDepartment> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    parentName: z.string(),
    name: z.string(),
    leader: z.string(),
    phone: z.string(),
    sort: z.number().int(),
    status: z.number().int(),
    staffCount: z.number().int(),
    createdAt: z.string(),
    children: z.array(ZDepartment).optional(),
  }),
);
export const ZDepartmentPage = ZPage(ZDepartment);

export const ZDepartmentInput = z.object({
  name: z.string({ error: '请输入部门名称' }).trim().min(1, '请输入部门名称').max(30, '部门名称最多30个字'),
  parentId: z.coerce.number().int().positive().nullable().default(null),
  leader: z.string().trim().max(20, '负责人最多20个字').default(''),
  phone: z
    .string()
    .trim()
    .regex(/^([0-9-]{7,20})?$/, '联系电话格式不正确')
    .default(''),
  sort: z.coerce
    .number({ error: '排序必须是数字' })
    .int()
    .min(0, '排序不能小于0')
    .max(9999, '排序不能大于9999')
    .default(0),
  status: z.coerce.number().int().min(0).max(1).default(1),
});
export type TDepartmentInput = z.infer<typeof ZDepartmentInput>;
export * from './pages';
