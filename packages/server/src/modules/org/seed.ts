import { OrgType } from '@shetuan/shared';
import type { Tx } from '../../platform/db';
import { insertDepartment, insertOrg } from './repository';

export interface OrgSeed {
  name: string;
  orgType: number;
  regionCode?: string;
  children?: OrgSeed[];
}

/** Inserts an organisation tree for one tenant (inside its withTenant transaction). */
export async function seedOrgTree(
  tx: Tx,
  tenantId: number,
  tree: OrgSeed,
  parentId: number | null = null,
  sort = 0,
): Promise<void> {
  const row = await insertOrg(tx, tenantId, {
    name: tree.name,
    orgType: tree.orgType,
    regionCode: tree.regionCode ?? null,
    parentId,
    sort,
  });
  let i = 0;
  for (const child of tree.children ?? []) {
    await seedOrgTree(tx, tenantId, child, row.id, i++);
  }
}

export const demoCityOrgs: OrgSeed = {
  name: '示范市科学技术协会',
  orgType: OrgType.CITY_ASSOCIATION,
  regionCode: '330100',
  children: [
    { name: '示范市计算机学会', orgType: OrgType.CITY_SOCIETY, regionCode: '330100' },
    { name: '示范市医学会', orgType: OrgType.CITY_SOCIETY, regionCode: '330100' },
    { name: '示范市机械工程学会', orgType: OrgType.CITY_SOCIETY, regionCode: '330100' },
    { name: '示范市青少年科技教育协会', orgType: OrgType.CITY_SOCIETY, regionCode: '330100' },
    {
      name: '示范市西湖区科学技术协会',
      orgType: OrgType.DISTRICT_ASSOCIATION,
      regionCode: '330106',
      children: [{ name: '西湖区科普志愿者协会', orgType: OrgType.DISTRICT_SOCIETY, regionCode: '330106' }],
    },
    { name: '示范智造科技有限公司', orgType: OrgType.ENTERPRISE, regionCode: '330100' },
    { name: '示范大学', orgType: OrgType.UNIVERSITY, regionCode: '330100' },
  ],
};

export const demoDistrictOrgs: OrgSeed = {
  name: '滨江区科学技术协会',
  orgType: OrgType.DISTRICT_ASSOCIATION,
  regionCode: '330108',
  children: [
    { name: '滨江区电子学会', orgType: OrgType.DISTRICT_SOCIETY, regionCode: '330108' },
    { name: '滨江区科普志愿者协会', orgType: OrgType.DISTRICT_SOCIETY, regionCode: '330108' },
  ],
};

export interface DepartmentSeed {
  name: string;
  leader?: string;
  children?: DepartmentSeed[];
}

/** The office of the demo city association. */
export const demoDepartments: DepartmentSeed[] = [
  { name: '办公室', leader: '周敏' },
  { name: '组织人事部', leader: '吴昊' },
  {
    name: '学会学术部',
    leader: '郑雨',
    children: [{ name: '学会服务科' }, { name: '学术交流科' }],
  },
  { name: '科学普及部', leader: '王磊' },
];

/** Inserts a department tree for one tenant (inside its withTenant transaction); returns the ids by name. */
export async function seedDepartments(
  tx: Tx,
  tenantId: number,
  list: DepartmentSeed[],
  parentId: number | null = null,
  ids = new Map<string, number>(),
): Promise<Map<string, number>> {
  let sort = 0;
  for (const d of list) {
    const id = await insertDepartment(tx, tenantId, { parentId, name: d.name, leader: d.leader ?? '', sort: sort++ });
    if (id !== undefined) ids.set(d.name, id);
    if (id !== undefined && d.children) await seedDepartments(tx, tenantId, d.children, id, ids);
  }
  return ids;
}
