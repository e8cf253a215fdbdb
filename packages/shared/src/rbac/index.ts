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
