import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as validatingSerializer } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type JsonSchema = Record<string, unknown>;

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * `anyOf: [{ type: 'integer', … }, { type: 'null' }]` (zod's `.nullable()` of a primitive) as
 * `type: ['integer', 'null']`: fast-json-stringify writes the first with an Ajv validation of every
 * option for every value, the second with a null test (docs/performance.md: the user list has two
 * per row). Everything else is kept as it is.
 */
export function nullablePrimitives(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullablePrimitives);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(schema as JsonSchema)) out[k] = nullablePrimitives(v);
  const options = out.anyOf;
  if (Array.isArray(options) && options.length === 2) {
    const nullAt = options.findIndex((o) => isJust(o, { type: 'null' }));
    const other = options[1 - nullAt] as JsonSchema | undefined;
    if (nullAt >= 0 && other && typeof other.type === 'string' && PRIMITIVES.has(other.type)) {
      const { anyOf: _, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

const isJust = (o: unknown, expected: JsonSchema) =>
  o !== null &&
  typeof o === 'object' &&
  Object.keys(o).length === Object.keys(expected).length &&
  Object.entries(expected).every(([k, v]) => (o as JsonSchema)[k] === v);

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
    return fastJsonStringify(nullablePrimitives(jsonSchema) as Parameters<typeof fastJsonStringify>[0]) as (
      data: unknown,
    ) => string;
  };
}
