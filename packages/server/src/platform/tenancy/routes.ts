import { ok } from '@shetuan/shared';
import { ZTenantLookupQuery, ZTenantLookupResponse } from '@shetuan/shared/tenant';
import type { AppInstance } from '../http/app-types';
import { lookupTenant } from './service';

export async function tenancyRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/tenant/lookup',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['tenancy'],
        summary: '按域名查找租户（ucTenant）',
        description: 'The page sends its origin; localhost and 127.0.0.1 resolve to the default tenant.',
        querystring: ZTenantLookupQuery,
        response: { 200: ZTenantLookupResponse },
      },
    },
    async (request) => {
      const domain = request.query.domain ?? request.hostname;
      const ucTenant = await lookupTenant(app.db, domain);
      return ok({ ucTenant });
    },
  );
}
