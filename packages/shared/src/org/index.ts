import { z } from 'zod';
import { ZPage, ZPageQuery } from '../platform/list';
import { orgTypeCodes, orgTypeNames } from '../platform/org-codes';
import { defineResource } from '../platform/resource';
import { ORG_PAGES } from './pages';

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
export const ZDepartment = z
  .object({
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
    get children() {
      return z.array(ZDepartment).optional();
    },
  })
  .meta({ id: 'Department' });
export type TDepartment = z.infer<typeof ZDepartment>;
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

/** The 1 / 0 status of a unit or a department. */
const STATUS_OPTIONS = [
  { value: 1, label: '正常' },
  { value: 0, label: '停用' },
] as const;

/** /company: the units (organisations) of the tenant; the keyword searches the name. */
export const ORG_UNITS = defineResource({
  name: 'org-units',
  title: '单位',
  api: '/org/orgs',
  page: ORG_PAGES.company,
  entity: ZOrg,
  create: ZOrgInput,
  update: ZOrgInput,
  filters: ZPageQuery,
  fields: [
    { key: 'name', title: '单位名称', width: 200 },
    {
      key: 'orgType',
      title: '单位类型',
      kind: 'enum',
      options: Object.entries(orgTypeNames).map(([value, label]) => ({ value: Number(value), label })),
      width: 110,
    },
    { key: 'parentName', title: '上级单位', width: 200 },
    { key: 'parentId', title: '上级单位', kind: 'enum', optionsFrom: '/org/orgs/options', formOnly: true },
    { key: 'regionName', title: '行政区划', width: 180 },
    { key: 'regionCode', title: '行政区划', formOnly: true },
    { key: 'memberCount', title: '人员', kind: 'number', width: 70 },
    { key: 'description', title: '单位简介', formOnly: true },
    { key: 'attachments', title: '证明材料', width: 100, export: false },
    { key: 'status', title: '状态', kind: 'enum', options: STATUS_OPTIONS, width: 80 },
    { key: 'createdAt', title: '创建时间', kind: 'datetime', list: false, width: 170 },
  ],
});

/**
 * /departmentManage: the departments of the association's office. Without a keyword the list is a
 * page of top-level departments, each with its subtree; with one, the matching departments flat.
 */
export const DEPARTMENTS = defineResource({
  name: 'departments',
  title: '部门',
  api: '/org/departments',
  page: ORG_PAGES.department,
  entity: ZDepartment,
  create: ZDepartmentInput,
  update: ZDepartmentInput,
  filters: ZPageQuery,
  fields: [
    { key: 'name', title: '部门名称', width: 240 },
    { key: 'parentName', title: '上级部门', width: 160 },
    {
      key: 'parentId',
      title: '上级部门',
      kind: 'enum',
      optionsFrom: '/org/departments/options',
      formOnly: true,
      placeholder: '不选则为顶级部门',
    },
    { key: 'leader', title: '负责人', width: 100 },
    { key: 'phone', title: '联系电话', width: 140 },
    { key: 'staffCount', title: '人员', kind: 'number', width: 70 },
    { key: 'sort', title: '排序', kind: 'number', width: 70, hint: '数字小的在前' },
    { key: 'status', title: '状态', kind: 'enum', options: STATUS_OPTIONS, width: 80 },
    { key: 'createdAt', title: '创建时间', kind: 'datetime', list: false, width: 170 },
  ],
});
