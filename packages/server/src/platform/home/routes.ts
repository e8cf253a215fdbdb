import { ok, ZEnvelope } from '@shetuan/shared';
import { HOME_PAGES, ZPersonalHome, ZUnitHome } from '@shetuan/shared/home';
import { authOf, callerTenant } from '../auth/context';
import type { AppInstance } from '../http/app-types';
import { personalHome, unitHome } from './service';

const tags = ['home'];

/** The home pages' data (README): 单位首页 and 个人首页, each checked by its own page. */
export async function homeRoutes(app: AppInstance): Promise<void> {
  const inTenant = callerTenant(app.db);

  app.get(
    '/home/unit',
    {
      config: { permission: HOME_PAGES.unit.path },
      schema: {
        tags,
        summary: '单位首页：待办事项、关键数据与趋势（按当前身份的权限）',
        response: { 200: ZEnvelope(ZUnitHome) },
      },
    },
    async (request) => ok(await inTenant(request, (tx) => unitHome(tx, authOf(request)))),
  );

  app.get(
    '/home/personal',
    {
      config: { permission: HOME_PAGES.personal.path },
      schema: {
        tags,
        summary: '个人首页：本人的待办事项（按当前身份的权限）',
        response: { 200: ZEnvelope(ZPersonalHome) },
      },
    },
    async (request) => ok(await inTenant(request, (tx) => personalHome(tx, authOf(request)))),
  );
}
