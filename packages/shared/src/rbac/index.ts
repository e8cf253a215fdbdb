import { z } from 'zod';
import { ZPage, ZPageQuery } from '../platform/list';
import { defineResource } from '../platform/resource';
import { PLATFORM_PAGES } from './pages';

export const ZRole = z.object({
  id: z.number().int(),
  name: z.string(),
  remark: z.string(),
  /** One of the roles every tenant starts with: never deleted. */
  builtin: z.boolean(),
  menuCount: z.number().int(),
  identityCount: z.number().int(),
  createdAt: z.string(),
});
export type TRole = z.infer<typeof ZRole>;
export const ZRolePage = ZPage(ZRole);
export const ZRoleQuery = ZPageQuery;

export const ZRoleInput = z.object({
  name: z.string({ error: '请输入角色名称' }).trim().min(1, '请输入角色名称').max(30, '角色名称最多30个字'),
  remark: z.string().trim().max(200, '备注最多200个字').default(''),
});
export type TRoleInput = z.infer<typeof ZRoleInput>;

export interface TMenuNode {
  id: number;
  pid: number;
  name: string;
  path: string;
  hidden: boolean;
  functions: { id: number; code: string; name: string }[];
  children: TMenuNode[];
}
export const ZMenuNode: z.ZodType<TMenuNode> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      pid: z.number().int(),
      name: z.string(),
      path: z.string(),
      hidden: z.boolean(),
      functions: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
      children: z.array(ZMenuNode),
    }),
  )
  .meta({ id: 'MenuNode' });
export const ZMenuTree = z.object({ tree: z.array(ZMenuNode) });

export const ZRoleGrants = z.object({
  menuIds: z.array(z.number().int().positive()).max(2000, '菜单过多'),
  functionIds: z.array(z.number().int().positive()).max(10000, '功能点过多'),
});
export type TRoleGrants = z.infer<typeof ZRoleGrants>;

export const ZIdentityRoles = z.object({ roleIds: z.array(z.number().int().positive()).max(50, '角色过多') });

export const ZMenuInput = z.object({
  pid: z.coerce.number().int().min(0).default(0),
  name: z.string({ error: '请输入菜单名称' }).trim().min(1, '请输入菜单名称').max(30, '菜单名称最多30个字'),
  path: z
    .string()
    .trim()
    .max(200, '路径过长')
    .regex(/^(\/[A-Za-z0-9_\-/]*|activityManage)?$/, '路径须以 / 开头，只含字母、数字、-、_ 和 /')
    .default(''),
  img: z.string().trim().max(500, '图标地址过长').default(''),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
  hidden: z.boolean().default(false),
});
export type TMenuInput = z.infer<typeof ZMenuInput>;

export const ZFunctionRow = z.object({
  id: z.number().int(),
  menuId: z.number().int(),
  menuName: z.string(),
  menuPath: z.string(),
  code: z.string(),
  name: z.string(),
});
export type TFunctionRow = z.infer<typeof ZFunctionRow>;
export const ZFunctionPage = ZPage(ZFunctionRow);

export const ZFunctionInput = z.object({
  menuId: z.coerce.number({ error: '请选择所属菜单' }).int().positive('请选择所属菜单'),
  code: z
    .string({ error: '请输入功能点代码' })
    .trim()
    .regex(/^[a-zA-Z][a-zA-Z0-9_-]{0,39}$/, '功能点代码以字母开头，只含字母、数字、- 和 _（最多40位）'),
  name: z.string({ error: '请输入功能点名称' }).trim().min(1, '请输入功能点名称').max(20, '功能点名称最多20个字'),
});
export type TFunctionInput = z.infer<typeof ZFunctionInput>;

/** /roleManageDetail: a role, what it grants (menu paths with their function points), and who holds it. */
export const ZRoleDetail = ZRole.extend({
  grants: z.array(
    z.object({ menuId: z.number().int(), name: z.string(), path: z.string(), functions: z.array(z.string()) }),
  ),
});
export type TRoleDetail = z.infer<typeof ZRoleDetail>;

export const ZRoleHolder = z.object({
  identityId: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  mobile: z.string().describe('masked'),
  identityName: z.string(),
  orgName: z.string(),
});
export type TRoleHolder = z.infer<typeof ZRoleHolder>;
export * from './pages';

/** /roleManage: the roles of the tenant; the detail (GET :id) adds what the role grants. */
export const ROLES = defineResource({
  name: 'roles',
  title: '角色',
  api: '/rbac/roles',
  page: PLATFORM_PAGES.role,
  entity: ZRole,
  detail: ZRoleDetail,
  create: ZRoleInput,
  update: ZRoleInput,
  filters: ZRoleQuery,
  fields: [
    { key: 'name', title: '角色名称', width: 180, placeholder: '请输入角色名称' },
    { key: 'remark', title: '备注', kind: 'textarea', width: 280, placeholder: '角色的职责说明' },
    { key: 'menuCount', title: '菜单数', kind: 'number', width: 90 },
    { key: 'identityCount', title: '已分配身份', kind: 'number', width: 110 },
    { key: 'createdAt', title: '创建时间', kind: 'datetime', width: 170 },
  ],
});

/** /function: the function points (buttons) under each menu entry; the keyword searches menu, path, code and name. */
export const FUNCTION_POINTS = defineResource({
  name: 'function-points',
  title: '功能点',
  api: '/rbac/functions',
  page: PLATFORM_PAGES.function,
  entity: ZFunctionRow,
  create: ZFunctionInput,
  update: ZFunctionInput,
  filters: ZPageQuery,
  fields: [
    { key: 'menuName', title: '所属菜单', width: 160 },
    { key: 'menuId', title: '所属菜单', kind: 'enum', optionsFrom: '/rbac/menus/options', formOnly: true },
    { key: 'menuPath', title: '菜单路径', width: 220 },
    { key: 'code', title: '功能点代码', width: 140, placeholder: '如 publish' },
    { key: 'name', title: '功能点名称', width: 160, placeholder: '如 发布' },
  ],
});
