import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config';
import type { AppDatabase } from '../db';
import type { JobWorker } from '../jobs/worker';
import type { SmsProvider } from '../sms/provider';

/**
 * What a route needs to be allowed. 'public' needs nothing; 'optional' needs nothing but knows
 * the person when a valid session comes with it; 'login' needs a session; any other string is a
 * permission key checked against the identity's roles (identity issue).
 */
export type Permission = 'public' | 'optional' | 'login' | (string & {});

declare module 'fastify' {
  interface FastifyInstance {
    db: AppDatabase;
    config: AppConfig;
    sms: SmsProvider;
    jobs: JobWorker;
  }
  interface FastifyContextConfig {
    permission?: Permission;
  }
}

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
