import { ok, orgTypeNames, ZEnvelope } from '@shetuan/shared';
import { DEPARTMENTS, ORG_PAGES, ORG_UNITS } from '@shetuan/shared/org';
import { z } from 'zod';
import { authOf, callerTenant } from '../../platform/auth/context';
import type { AppInstance } from '../../platform/http/app-types';
import { resourceRoutes } from '../../platform/resource';
import * as dept from './departments';
import * as org from './service';

const tags = ['org'];
const ZOptions = z.object({ id: z.number(), name: z.string() });

/**
 * /company and /departmentManage: the units and the departments through the resource kit (list,
 * detail, create, update, delete, export job), and the options their pickers read.
 */
export async function orgRoutes(app: AppInstance): Promise<void> {
  const inTenant = callerTenant(app.db);

  app.get(
    '/org/orgs/options',
    {
      config: { permission: ORG_PAGES.company.path },
      schema: {
        tags,
        summary: '单位选项（上级单位）',
        response: {
          200: ZEnvelope(
            z.object({
              list: z.array(ZOptions),
              types: z.array(z.object({ value: z.number(), label: z.string() })),
            }),
          ),
        },
      },
    },
    async (request) =>
      ok({
        list: (await inTenant(request, (tx) => org.allOrgs(tx, authOf(request).tenantId))).map((o) => ({
          id: o.id,
          name: o.name,
        })),
        types: Object.entries(orgTypeNames).map(([value, label]) => ({ value: Number(value), label })),
      }),
  );
  await resourceRoutes(app, ORG_UNITS, org.orgService);

  app.get(
    '/org/departments/options',
    {
      config: { permission: 'identity' },
      schema: {
        tags,
        summary: '部门选项（上级部门、人员所属部门）',
        response: { 200: ZEnvelope(z.object({ list: z.array(ZOptions) })) },
      },
    },
    async (request) =>
      ok({
        list: (await inTenant(request, (tx) => dept.allDepartments(tx, authOf(request).tenantId))).map((d) => ({
          id: d.id,
          name: d.name,
        })),
      }),
  );
  await resourceRoutes(app, DEPARTMENTS, dept.departmentService);
}
