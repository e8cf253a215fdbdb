import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions, type preValidationAsyncHookHandler } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { MODULES } from './modules';
import { writeOperationLog } from './platform/audit/service';
import { authenticate, tokenOf } from './platform/auth/hook';
import { connectRedisReplayGuard } from './platform/auth/replay';
import type { AppConfig } from './platform/config';
import type { AppDatabase } from './platform/db';
import type { AppInstance } from './platform/http/app-types';
import { API_ROOT, WEB_BASE } from './platform/http/constants';
import { apiNotFound, envelopeErrorHandler } from './platform/http/envelope-errors';
import { refuseIllegalText } from './platform/http/input-guard';
import { requirePermissionDeclaration } from './platform/http/permissions';
import { genRequestId } from './platform/http/request-id';
import { responseSerializer } from './platform/http/serializer';
import { registerStaticWeb } from './platform/http/static-web';
import { clientErrorHandler, frameworkErrors } from './platform/http/transport-errors';
import { JobWorker } from './platform/jobs';
import { installModules, type ServerModule } from './platform/modules';
import { PLATFORM_MODULES } from './platform/modules/platform';
import { type SmsProvider, smsProviderFromConfig } from './platform/sms';

export interface BuildAppOptions {
  config: AppConfig;
  db: AppDatabase;
  /** Overrides the pino logger options (tests pass false). */
  logger?: FastifyServerOptions['logger'];
  /** The SMS provider (default: the outbox-only development provider). */
  sms?: SmsProvider;
}

/** The platform's parts and the product's modules: the one list the server is composed of. */
export const ALL_MODULES: readonly ServerModule[] = [...PLATFORM_MODULES, ...MODULES];

export async function buildApp({ config, db, logger, sms }: BuildAppOptions): Promise<AppInstance> {
  installModules(ALL_MODULES);
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    genReqId: genRequestId,
    // The client's address (login throttling, logs) from X-Forwarded-For when a trusted proxy sent it.
    trustProxy: config.TRUST_PROXY,
    // Requests refused before any route sees them still answer the envelope (docs/api.md).
    frameworkErrors,
    clientErrorHandler,
    // A request without Host reaches the tenant look-up (租户信息不完整) instead of Node's bare 400.
    http: { requireHostHeader: false },
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
  if (config.REDIS_URL && db.kind === 'postgres') {
    const guard = await connectRedisReplayGuard(db, config.REDIS_URL, (err) =>
      app.log.warn({ err }, 'Redis does not answer: request signatures are recorded in the database meanwhile'),
    );
    app.addHook('onClose', async () => guard.close());
  }
  app.addHook('onRoute', requirePermissionDeclaration);
  // Each route that needs a session gets the authentication for its permission as its first
  // preValidation hook (after the input guard below, an application hook), so a request does not
  // look its route's declaration up (docs/performance.md).
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (!permission || permission === 'public') return;
    const hook: preValidationAsyncHookHandler =
      permission === 'optional'
        ? // Public pages that also know a logged-in visitor (a form's fill page): a session that does
          // not check out leaves the request anonymous instead of refusing it.
          async (request) => {
            if (tokenOf(request)) request.auth = await authenticate(db, request, 'login').catch(() => null);
          }
        : async (request) => {
            request.auth = await authenticate(db, request, permission);
          };
    // Assigned, never pushed: a GET's HEAD twin starts from a copy of the options made before.
    const own = route.preValidation;
    route.preValidation = own ? [hook, ...(Array.isArray(own) ? own : [own])] : hook;
  });
  app.decorateRequest('receivedAt', 0);
  app.addHook('onRequest', (request, reply, done) => {
    request.receivedAt = performance.now();
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
  // Before authentication and validation: no NUL or unpaired surrogate reaches a query.
  app.addHook('preValidation', refuseIllegalText);
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
    // Recursive schemas (menu and department trees, cascader options) are components named by
    // their zod `.meta({ id })`; without this their references would point nowhere.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_ROOT}/docs` });

  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      typed.get('/openapi.json', { config: { permission: 'public' }, schema: { hide: true } }, async () =>
        app.swagger(),
      );
      for (const module of ALL_MODULES) await module.routes?.(typed);
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
