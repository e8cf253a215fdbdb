import { z } from 'zod';
import { ZPage, ZPageQuery } from '../platform/list';

export const ZRole = z.object({
  id: z.number().int(),
  name: z.string(),
  remark: z.string(),
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
export const ZMenuNode: z.ZodType<TMenuNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    pid: z.number().int(),
    name: z.string(),
    path: z.string(),
    hidden: z.boolean(),
    functions: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
    children: z.array(ZMenuNode),
  }),
);
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
