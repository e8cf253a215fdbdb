import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { formRoutes } from './modules/forms';
import { identityAdminRoutes, identityRoutes } from './modules/identity';
import { orgRoutes } from './modules/org';
import { auditRoutes } from './platform/audit/routes';
import { writeOperationLog } from './platform/audit/service';
import { authenticate, tokenOf } from './platform/auth/hook';
import { sessionAdminRoutes } from './platform/auth/routes';
import { captchaRoutes } from './platform/captcha';
import type { AppConfig } from './platform/config';
import type { AppDatabase } from './platform/db';
import { fileRoutes } from './platform/files';
import { healthRoutes } from './platform/health/routes';
import type { AppInstance } from './platform/http/app-types';
import { API_ROOT, WEB_BASE } from './platform/http/constants';
import { apiNotFound, envelopeErrorHandler } from './platform/http/envelope-errors';
import { requirePermissionDeclaration } from './platform/http/permissions';
import { genRequestId } from './platform/http/request-id';
import { responseSerializer } from './platform/http/serializer';
import { registerStaticWeb } from './platform/http/static-web';
import { JobWorker, jobRoutes } from './platform/jobs';
import { messageRoutes } from './platform/messages';
import { rbacConfigRoutes, rbacRoutes } from './platform/rbac';
import { regionRoutes } from './platform/region';
import { phoneVerificationRoutes, type SmsProvider, smsProviderFromConfig, smsRoutes } from './platform/sms';
import { tenancyRoutes, tenantAdminRoutes } from './platform/tenancy';
import { wechatRoutes } from './platform/wechat';

export interface BuildAppOptions {
  config: AppConfig;
  db: AppDatabase;
  /** Overrides the pino logger options (tests pass false). */
  logger?: FastifyServerOptions['logger'];
  /** The SMS provider (default: the outbox-only development provider). */
  sms?: SmsProvider;
}

export async function buildApp({ config, db, logger, sms }: BuildAppOptions): Promise<AppInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    genReqId: genRequestId,
    // The client's address (login throttling, logs) from X-Forwarded-For when a trusted proxy sent it.
    trustProxy: config.TRUST_PROXY,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(config.responseValidation));
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('sms', sms ?? smsProviderFromConfig(config, (line) => app.log.info(line)));
  const worker = new JobWorker(db, config, app.log);
  app.decorate('jobs', worker);
  if (config.JOB_WORKER) app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
  app.addHook('onRoute', requirePermissionDeclaration);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.setErrorHandler(envelopeErrorHandler);

  // JSON bodies keep their raw text: request signatures are computed over it.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    if (body === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, body as string, done);
  });
  app.decorateRequest('auth', null);
  app.addHook('preValidation', async (request) => {
    const permission = request.routeOptions.config.permission;
    if (!permission || permission === 'public') return;
    if (permission === 'optional') {
      // Public pages that also know a logged-in visitor (a form's fill page): a session that does
      // not check out leaves the request anonymous instead of refusing it.
      if (tokenOf(request)) request.auth = await authenticate(db, request, 'login').catch(() => null);
      return;
    }
    request.auth = await authenticate(db, request, permission);
  });
  app.addHook('onResponse', async (request, reply) => {
    await writeOperationLog(db, request, reply).catch((err: unknown) =>
      request.log.error({ err }, 'operation log failed'),
    );
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: '社团 Shetuan API',
        version: '0.1.0',
        description: '所有接口返回 {code, msg, data, success}；见 docs/api.md。',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_ROOT}/docs` });

  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      typed.get('/openapi.json', { config: { permission: 'public' }, schema: { hide: true } }, async () =>
        app.swagger(),
      );
      await healthRoutes(typed);
      await captchaRoutes(typed);
      await jobRoutes(typed);
      await regionRoutes(typed);
      await fileRoutes(typed);
      await wechatRoutes(typed);
      await messageRoutes(typed);
      await tenancyRoutes(typed);
      await identityRoutes(typed);
      await rbacRoutes(typed);
      await rbacConfigRoutes(typed);
      await identityAdminRoutes(typed);
      await auditRoutes(typed);
      await sessionAdminRoutes(typed);
      await smsRoutes(typed);
      await phoneVerificationRoutes(typed);
      await orgRoutes(typed);
      await formRoutes(typed);
      await tenantAdminRoutes(typed);
    },
    { prefix: API_ROOT },
  );

  const serveIndex = await registerStaticWeb(app, config.WEB_DIST);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (url.startsWith(`${API_ROOT}/`) || url === API_ROOT) return apiNotFound(request, reply);
    if (url === '/' || url === '/new' || url.startsWith('/new?')) {
      return reply.redirect(`${WEB_BASE}${url.includes('?') ? url.slice(url.indexOf('?')) : ''}`);
    }
    if (url.startsWith(WEB_BASE) && (request.method === 'GET' || request.method === 'HEAD')) {
      return serveIndex(request, reply);
    }
    return apiNotFound(request, reply);
  });

  return app;
}
