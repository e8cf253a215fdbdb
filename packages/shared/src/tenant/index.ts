import { z } from 'zod';
import { ZEnvelope } from '../platform/envelope';
import { ZPageQuery } from '../platform/list';
import { orgTypeNames } from '../platform/org-codes';
import { defineResource } from '../platform/resource';
import { PLATFORM_PAGES } from '../rbac';

export * from './constants';

export const ZTenantCustomType = z.literal([0, 14, 20, 31, 34]);

/** A domain as the browser sends it: host name, optionally with scheme, port or path. */
export const ZDomain = z.string({ error: '请提供域名' }).trim().min(1, '请提供域名').max(253, '域名过长');

export const ZTenantLookupQuery = z.object({
  domain: ZDomain.optional().describe('the page origin or host name; defaults to the Host header'),
});
export type TTenantLookupQuery = z.infer<typeof ZTenantLookupQuery>;

/** The spec's ucTenant record (000, section 3), plus the tenant's custom type. */
export const ZUcTenant = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  companyType: z.number().int(),
  icon: z.string().describe('the tab icon; the default logo when the tenant has none or companyId is 1'),
  mobileDomain: z.string(),
  customType: ZTenantCustomType,
});
export type TUcTenant = z.infer<typeof ZUcTenant>;

export const ZTenantLookupData = z.object({ ucTenant: ZUcTenant });

export const ZTenantLookupFailure = z.object({
  reason: z.enum(['DOMAIN_UNKNOWN', 'TENANT_DISABLED']),
  domain: z.string(),
});
export type TTenantLookupFailure = z.infer<typeof ZTenantLookupFailure>;

/** The success answer; a failure is {code: 500, msg: 租户信息不完整, data: TTenantLookupFailure, success: false}. */
export const ZTenantLookupResponse = ZEnvelope(ZTenantLookupData);

/**
 * Reduces what a browser sends (an origin such as 'https://kx.example.cn:8443/new/')
 * to the bare lower-case host name the tenant domains are stored under.
 * The mobile domain convention of the spec cuts at the /v2 segment; the host is unaffected.
 */
export function normaliseDomain(input: string): string {
  let host = input.trim().toLowerCase();
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  host = host.split(/[/?#]/, 1)[0] ?? '';
  host = host.replace(/^[^@]*@/, '');
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end > 0 ? host.slice(0, end + 1) : host;
  }
  host = host.replace(/:\d*$/, '');
  return host.replace(/\.$/, '');
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** localhost and 127.0.0.1 (and ::1) resolve to the default tenant. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host);
}

/** /tenant: a tenant as operations manages it. */
export const ZTenantAdminRow = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  companyType: z.number().int(),
  icon: z.string(),
  mobileDomain: z.string(),
  customType: z.number().int(),
  modeSwitcher: z.boolean(),
  status: z.number().int(),
  isDefault: z.boolean(),
  domains: z.array(z.string()),
  createdAt: z.string(),
});
export type TTenantAdminRow = z.infer<typeof ZTenantAdminRow>;

const HOST_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

export const ZTenantInput = z.object({
  companyName: z.string({ error: '请输入机构名称' }).trim().min(1, '请输入机构名称').max(60, '机构名称最多60个字'),
  companyId: z.coerce.number({ error: '机构编号必须是数字' }).int().positive('机构编号必须是正整数'),
  companyType: z.coerce.number({ error: '请选择机构类型' }).int(),
  icon: z.string().trim().max(500, '图标地址过长').default(''),
  mobileDomain: z.string().trim().max(200, '移动端域名过长').default(''),
  customType: ZTenantCustomType.default(0),
  /** The header's 当前模式 switcher (settings.modeSwitcher). */
  modeSwitcher: z.boolean().default(false),
  status: z.coerce.number().int().min(0).max(1).default(1),
  domains: z
    .array(z.string().trim().toLowerCase().regex(HOST_PATTERN, '域名格式不正确（只填主机名，如 kx.example.cn）'))
    .min(1, '请至少填写一个访问域名')
    .max(20, '访问域名最多20个'),
});
export type TTenantInput = z.infer<typeof ZTenantInput>;

/** The custom types as the operations screens name them. */
export const TENANT_CUSTOM_TYPE_OPTIONS = [
  { value: 0, label: '标准' },
  { value: 14, label: '14 独立文件存储' },
  { value: 20, label: '20 菜单分组' },
  { value: 31, label: '31 隐藏问答库' },
  { value: 34, label: '34 会员资料完整性检查' },
] as const;

/**
 * /tenant: the platform's tenants, for operations super administrators (a cross-tenant table:
 * the server reads it outside any tenant). Tenants are opened and disabled, never deleted.
 */
export const TENANTS = defineResource({
  name: 'tenants',
  title: '租户',
  api: '/platform/tenants',
  page: PLATFORM_PAGES.tenant,
  entity: ZTenantAdminRow,
  create: ZTenantInput,
  update: ZTenantInput,
  filters: ZPageQuery,
  fields: [
    { key: 'id', title: '编号', kind: 'number', width: 70 },
    { key: 'companyName', title: '机构名称', width: 240 },
    { key: 'companyId', title: '机构编号', kind: 'number', list: false, width: 100 },
    {
      key: 'companyType',
      title: '机构类型',
      kind: 'enum',
      options: Object.entries(orgTypeNames).map(([value, label]) => ({ value: Number(value), label })),
      list: false,
      width: 120,
    },
    {
      key: 'domains',
      title: '访问域名',
      kind: 'tags',
      width: 240,
      placeholder: '输入域名后回车',
      hint: '只填主机名，回车添加多个，例如 kx.example.cn',
    },
    { key: 'icon', title: '图标地址', list: false, export: false, placeholder: '留空使用默认图标 /new/logo.webp' },
    { key: 'mobileDomain', title: '移动端域名', list: false, width: 160 },
    { key: 'customType', title: '定制类型', kind: 'enum', options: TENANT_CUSTOM_TYPE_OPTIONS, width: 140 },
    {
      key: 'modeSwitcher',
      title: '当前模式切换',
      kind: 'boolean',
      list: false,
      hint: '开启后，页头显示“当前模式”，可在标准菜单与分组菜单之间切换',
    },
    {
      key: 'status',
      title: '状态',
      kind: 'enum',
      options: [
        { value: 1, label: '启用' },
        { value: 0, label: '停用' },
      ],
      width: 80,
    },
    { key: 'createdAt', title: '开通时间', kind: 'datetime', width: 170 },
  ],
});
