import { IdentityStatus } from '@shetuan/shared/identity';
import { hashPassword } from '../../platform/auth/passwords';
import type { AppDatabase } from '../../platform/db';
import { assignDefaultRole } from '../../platform/rbac';
import { addTenantUser, findOrgIdByName, insertIdentity, insertUser } from './repository';

/** Every demo account's password (embedded demo only; README lists the accounts). */
export const DEMO_PASSWORD = 'Demo@123';

interface DemoIdentity {
  tenant: 'city' | 'district';
  code: number;
  org: string;
  status?: number;
  remark?: string;
}

export interface DemoAccount {
  name: string;
  mobile: string | null;
  account?: string;
  what: string;
  mustChangePassword?: boolean;
  isSuperAdmin?: boolean;
  identities: DemoIdentity[];
}

const CITY = '示范市科学技术协会';
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    name: '运营超级管理员',
    mobile: '13800000001',
    account: 'admin',
    isSuperAdmin: true,
    what: '运营管理员，全部菜单；可代管其他租户',
    identities: [{ tenant: 'city', code: 8, org: CITY }],
  },
  {
    name: '陈市科协',
    mobile: '13800000002',
    what: '市科协管理员，直接进入后台',
    identities: [{ tenant: 'city', code: 4, org: CITY }],
  },
  {
    name: '林学会',
    mobile: '13800000003',
    what: '学会管理员，两个身份：选择身份（pageType 2）',
    identities: [
      { tenant: 'city', code: 4, org: '示范市计算机学会' },
      { tenant: 'city', code: 2, org: '示范市医学会' },
    ],
  },
  {
    name: '王会员',
    mobile: '13800000004',
    what: '个人会员，直接进入（会员菜单）',
    identities: [{ tenant: 'city', code: 12, org: '示范市计算机学会' }],
  },
  {
    name: '赵专家',
    mobile: '13800000005',
    what: '专家兼评审人：选择身份',
    identities: [
      { tenant: 'city', code: 3, org: '示范大学' },
      { tenant: 'city', code: 7, org: '示范大学' },
    ],
  },
  {
    name: '钱申报',
    mobile: '13800000006',
    what: '申报人，直接进入（申报菜单）',
    identities: [{ tenant: 'city', code: 6, org: '示范智造科技有限公司' }],
  },
  {
    name: '孙双会',
    mobile: '13800000007',
    what: '属于两个租户：选择学会（pageType 1）',
    identities: [
      { tenant: 'city', code: 4, org: '示范市机械工程学会' },
      { tenant: 'district', code: 4, org: '滨江区电子学会' },
    ],
  },
  {
    name: '李待审',
    mobile: '13800000008',
    what: '入会申请审核中（pageType 12）',
    identities: [{ tenant: 'city', code: 12, org: '示范市医学会', status: IdentityStatus.PENDING }],
  },
  {
    name: '周改密',
    mobile: '13800000009',
    mustChangePassword: true,
    what: '首次登录须修改密码（pageType 16）',
    identities: [{ tenant: 'city', code: 12, org: '示范市医学会' }],
  },
  {
    name: '吴无号',
    mobile: null,
    account: 'nophone',
    what: '未绑定手机号：绑定手机（pageType 15）',
    identities: [{ tenant: 'city', code: 12, org: '示范市医学会' }],
  },
  {
    name: '郑停用',
    mobile: '13800000010',
    what: '会员身份已停用（pageType 11）',
    identities: [{ tenant: 'city', code: 12, org: '示范市医学会', status: IdentityStatus.DISABLED }],
  },
  {
    name: '冯未缴',
    mobile: '13800000011',
    what: '入会已通过、会费未缴（pageType 18）',
    identities: [{ tenant: 'city', code: 12, org: '示范市医学会', status: IdentityStatus.UNPAID }],
  },
  {
    name: '陈驳回',
    mobile: '13800000012',
    what: '入会申请被驳回（pageType 17）',
    identities: [
      {
        tenant: 'city',
        code: 12,
        org: '示范市医学会',
        status: IdentityStatus.REJECTED,
        remark: '单位证明材料不清晰，请重新上传后再提交。',
      },
    ],
  },
  {
    name: '褚专家',
    mobile: '13800000013',
    what: '专家注册审核中（pageType 21）',
    identities: [{ tenant: 'city', code: 17, org: '示范大学', status: IdentityStatus.PENDING }],
  },
  // 项目申报与评审 (modules/projects seeds their declarations, allocations and reviews).
  {
    name: '周初审',
    mobile: '13800000014',
    what: '初审单位（示范智造科技有限公司），直接进入（初审菜单）',
    identities: [{ tenant: 'city', code: 5, org: '示范智造科技有限公司' }],
  },
  {
    name: '吴评审',
    mobile: '13800000015',
    what: '评审人（示范市医学会），直接进入（评审菜单）',
    identities: [{ tenant: 'city', code: 7, org: '示范市医学会' }],
  },
  {
    name: '严评审',
    mobile: '13800000016',
    what: '评审人（示范市计算机学会），直接进入（评审菜单）',
    identities: [{ tenant: 'city', code: 7, org: '示范市计算机学会' }],
  },
  {
    name: '韩申报',
    mobile: '13800000017',
    what: '申报人（示范大学）',
    identities: [{ tenant: 'city', code: 6, org: '示范大学' }],
  },
  {
    name: '杨申报',
    mobile: '13800000018',
    what: '申报人（示范智造科技有限公司）',
    identities: [{ tenant: 'city', code: 6, org: '示范智造科技有限公司' }],
  },
  {
    name: '朱申报',
    mobile: '13800000019',
    what: '申报人（示范市医学会）',
    identities: [{ tenant: 'city', code: 6, org: '示范市医学会' }],
  },
  // 订单与支付: a society that collects its own members' dues (payments README, Payees).
  {
    name: '何学会',
    mobile: '13800000020',
    what: '学会管理员（示范市计算机学会）：本会的收款订单、钱包与提现',
    identities: [{ tenant: 'city', code: 4, org: '示范市计算机学会' }],
  },
];

/** Seeds the demo people into the demo tenants (after their organisations and menus). */
export async function seedDemoAccounts(db: AppDatabase, tenantIds: { city: number; district: number }): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const account of DEMO_ACCOUNTS) {
    let userId: number | null = null;
    for (const identity of account.identities) {
      const tenantId = tenantIds[identity.tenant];
      await db.withTenant(tenantId, async (tx) => {
        if (userId === null) {
          userId = await insertUser(tx, {
            name: account.name,
            mobile: account.mobile,
            account: account.account ?? null,
            passwordHash,
            mustChangePassword: account.mustChangePassword ?? false,
            isSuperAdmin: account.isSuperAdmin ?? false,
          });
        }
        await addTenantUser(tx, tenantId, userId);
        const orgId = await findOrgIdByName(tx, tenantId, identity.org);
        const identityId = await insertIdentity(tx, {
          tenantId,
          userId,
          identityCode: identity.code,
          orgId: orgId ?? null,
          status: identity.status ?? IdentityStatus.ACTIVE,
          remark: identity.remark ?? '',
        });
        await assignDefaultRole(tx, tenantId, identityId, identity.code);
      });
    }
  }
}
