import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as validatingSerializer } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/**
 * Two ways to write a response from the route's zod schema:
 *  - validate (development, tests): zod checks every answer, so a drift between code and schema fails a test;
 *  - fast (production): fast-json-stringify compiled from the schema's JSON Schema. It writes only
 *    declared fields (nothing undeclared can leak) at a fraction of zod's cost; docs/performance.md.
 */
export function responseSerializer(validate: boolean): FastifySerializerCompiler<ZodType> {
  if (validate) return validatingSerializer as FastifySerializerCompiler<ZodType>;
  return ({ schema }) => {
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'any' });
    return fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]) as (data: unknown) => string;
  };
}
