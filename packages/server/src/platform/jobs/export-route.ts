import { ok, ZEnvelope } from '@shetuan/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf, callerTenant } from '../auth/context';
import type { AppInstance } from '../http/app-types';
import { enqueueJob } from './service';

/**
 * `POST …/export-jobs` of a list: starts the list's export as a background job of the caller's (in
 * the caller's tenant) with the list's filters as the body; the screen follows it through
 * /common/process. `payload` adds what the job needs beside the filters (the list's scope).
 */
export function exportJobRoute<B extends z.ZodType>(
  app: AppInstance,
  route: {
    url: string;
    permission: string;
    tags: string[];
    /** The list's name: the summary reads 导出{title}（后台任务）. */
    title: string;
    body: B;
    kind: string;
    payload?: (request: FastifyRequest) => Record<string, unknown>;
  },
): void {
  const inTenant = callerTenant(app.db);
  app.post(
    route.url,
    {
      config: { permission: route.permission },
      schema: {
        tags: route.tags,
        summary: `导出${route.title}（后台任务）`,
        body: route.body,
        response: { 200: ZEnvelope(z.object({ key: z.string() })) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const job = await inTenant(request, (tx) =>
        enqueueJob(tx, {
          tenantId: auth.tenantId,
          userId: auth.userId,
          kind: route.kind,
          payload: { ...(route.payload?.(request) ?? {}), query: request.body as Record<string, unknown> },
        }),
      );
      return ok(job, '导出任务已开始');
    },
  );
}
