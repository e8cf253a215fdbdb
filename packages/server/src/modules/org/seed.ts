import { OrgType } from '@shetuan/shared';
import type { Tx } from '../../platform/db';
import { insertOrg } from './repository';

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
