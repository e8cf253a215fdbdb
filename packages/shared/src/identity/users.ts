import { z } from 'zod';
import { ZNewPassword, ZPhone, ZSmsCode } from '../platform/validators';
import { UserType } from './pages';

export const ZUserListQuery = z.object({
  current: z.coerce.number({ error: '页码必须是数字' }).int().min(1, '页码从1开始').default(1),
  pageSize: z.coerce.number({ error: '每页条数必须是数字' }).int().min(1).max(100, '每页最多100条').default(20),
  keyword: z.string().trim().max(50, '搜索内容最多50个字').optional(),
  userType: z.coerce.number({ error: '用户类型不正确' }).int().optional(),
  status: z.coerce.number({ error: '状态不正确' }).int().optional(),
});
export type TUserListQuery = z.infer<typeof ZUserListQuery>;

/** A person of the tenant with their identities and roles (phone masked). */
export const ZUserRow = z.object({
  userId: z.number().int(),
  name: z.string(),
  mobile: z.string().describe('masked: 138****8000'),
  account: z.string(),
  userType: z.number().int(),
  userTypeName: z.string(),
  deptId: z.number().int().nullable(),
  deptName: z.string(),
  /** tenant_users.status (TenantUserStatus). */
  status: z.number().int(),
  reviewRemark: z.string(),
  createdAt: z.string(),
  identities: z.array(
    z.object({
      identityId: z.number().int(),
      identityCode: z.number().int(),
      identityName: z.string(),
      orgId: z.number().int().nullable(),
      orgName: z.string(),
      status: z.number().int(),
      roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  ),
});
export type TUserRow = z.infer<typeof ZUserRow>;

const ZName = z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(30, '姓名最多30个字');
const ZDeptId = z.coerce.number().int().positive().nullable().default(null);

/** Add a person to the tenant with one identity (unit-add, personal-add, enterprise users). */
export const ZUserCreate = z.object({
  name: ZName,
  mobile: z
    .string({ error: '请输入手机号' })
    .trim()
    .regex(/^1[3-9]\d{9}$/, '请输入正确的手机号'),
  userType: z.coerce.number().int().default(UserType.PERSONAL),
  identityCode: z.coerce.number({ error: '请选择身份' }).int(),
  orgId: z.coerce.number().int().positive().nullable().default(null),
  deptId: ZDeptId,
  /** The initial password; the person must change it at first login. Ignored for a person who already has an account. */
  password: z.string({ error: '请输入初始密码' }).min(6, '密码最少为6位字符').max(64, '密码最多64位字符'),
});
export type TUserCreate = z.infer<typeof ZUserCreate>;

export const ZUserUpdate = z.object({
  name: ZName,
  /** 1 active in this tenant, 0 disabled here (their sessions here end). */
  status: z.coerce.number().int().min(0).max(1),
  deptId: ZDeptId,
});
export type TUserUpdate = z.infer<typeof ZUserUpdate>;

export const ZPasswordReset = z.object({
  password: z.string({ error: '请输入新密码' }).min(6, '密码最少为6位字符').max(64, '密码最多64位字符'),
});

/** /user-audit: pass or refuse a registration; a refusal needs a reason the person will read. */
export const ZUserReview = z
  .object({
    approved: z.boolean({ error: '请选择审核结果' }),
    remark: z.string().trim().max(200, '审核意见最多200个字').default(''),
  })
  .refine((v) => v.approved || v.remark.length > 0, { message: '请填写不通过的原因', path: ['remark'] });

/** /societyRegister: a person registers with the tenant of the domain (or the chosen society). */
export const ZRegister = z.object({
  name: ZName,
  phoneNumber: ZPhone,
  code: ZSmsCode,
  password: ZNewPassword,
});
export type TRegister = z.infer<typeof ZRegister>;
