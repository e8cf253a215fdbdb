import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { visibleFieldIds } from './logic';
import { fieldName, type TFormSchema, ZFormSchema } from './schema';
import { FORM_MESSAGES, fieldProblem, validateAnswers } from './validate';

/**
 * Property tests: the renderer (field by field with fieldProblem, then validateAnswers) and the
 * server (validateAnswers strict) agree on every answer the renderer can produce; and strict mode
 * refuses what only a tampered request can hold.
 */
const OPTIONS = [
  { value: 1, label: '一' },
  { value: 2, label: '二' },
  { value: 3, label: '三' },
];

const arbField = (i: number) =>
  fc.oneof(
    fc.record({
      id: fc.constant(`q${i}`),
      type: fc.constant('INPUT' as const),
      label: fc.constant(`题${i}`),
      required: fc.boolean(),
      personalType: fc.constantFrom(undefined, 'mobile', 'email'),
      regList: fc.constantFrom([], [{ pattern: '^\\d*$', message: '只能填数字' }]),
    }),
    fc.record({
      id: fc.constant(`q${i}`),
      type: fc.constantFrom('RADIO' as const, 'CHECKBOX' as const, 'SELECT' as const),
      label: fc.constant(`题${i}`),
      required: fc.boolean(),
      options: fc.constant(OPTIONS),
    }),
    fc.record({
      id: fc.constant(`q${i}`),
      type: fc.constant('NUMBER_INPUT' as const),
      label: fc.constant(`题${i}`),
      required: fc.boolean(),
      props: fc.constant({ min: 0, max: 10 }),
    }),
  );

const arbSchema: fc.Arbitrary<TFormSchema> = fc
  .integer({ min: 2, max: 8 })
  .chain((n) =>
    fc.tuple(
      fc.tuple(...Array.from({ length: n }, (_, i) => arbField(i))),
      fc.array(
        fc.record({
          trigger: fc.integer({ min: 0, max: n - 1 }),
          target: fc.integer({ min: 0, max: n - 1 }),
          expression: fc.constantFrom('eq' as const, 'ne' as const),
          optionValue: fc.constantFrom(1, 2, 3),
          combinator: fc.constantFrom(1 as const, 2 as const),
        }),
        { maxLength: 4 },
      ),
    ),
  )
  .map(([fields, rules]) =>
    ZFormSchema.parse({
      fields,
      logic: rules
        .filter((r) => r.trigger !== r.target)
        .map((r) => ({
          showIds: [`q${r.target}`],
          combinator: r.combinator,
          conditions: [{ formItemId: `q${r.trigger}`, expression: r.expression, optionValue: r.optionValue }],
        })),
    }),
  );

/** Answers as the renderer can hold them: any text, option values it offers, numbers, or nothing. */
const arbAnswer = (type: string) => {
  switch (type) {
    case 'INPUT':
      return fc.constantFrom(undefined, '', '13800000000', 'a@b.cn', '123', 'abc', '  ');
    case 'RADIO':
    case 'SELECT':
      return fc.constantFrom(undefined, 1, 2, 3);
    case 'CHECKBOX':
      return fc.constantFrom(undefined, [], [1], [2, 3], [1, 2, 3]);
    default:
      return fc.constantFrom(undefined, 0, 5, 10, 11, -1);
  }
};

const arbCase = arbSchema.chain((schema) =>
  fc.tuple(...schema.fields.map((f) => arbAnswer(f.type))).map((answers) => {
    const values: Record<string, unknown> = {};
    schema.fields.forEach((f, i) => {
      if (answers[i] !== undefined) values[fieldName(f.id)] = answers[i];
    });
    return { schema, values };
  }),
);

/** What the renderer sends: hidden questions dropped (they go back to their default). */
function asRendered(schema: TFormSchema, values: Record<string, unknown>) {
  const visible = visibleFieldIds(schema, values);
  return Object.fromEntries(Object.entries(values).filter(([k]) => visible.has(k.slice('field'.length))));
}

describe('renderer and server agree', () => {
  it('on every answer the renderer can send: same errors, field by field and for the whole form', () => {
    fc.assert(
      fc.property(arbCase, ({ schema, values }) => {
        const sent = asRendered(schema, values);
        const server = validateAnswers(schema, sent, { strict: true });
        const client = validateAnswers(schema, sent);
        expect(server.errors).toEqual(client.errors);
        const visible = visibleFieldIds(schema, sent);
        const perField = schema.fields
          .filter((f) => visible.has(f.id))
          .map((f) => ({ id: f.id, problem: fieldProblem(f, sent[fieldName(f.id)], sent) }))
          .filter((x) => x.problem !== null);
        expect(server.errors.map((e) => ({ id: e.id, problem: e.message }))).toEqual(perField);
        if (server.errors.length === 0) expect(server.values).toEqual(client.values);
      }),
      { numRuns: 400 },
    );
  });

  it('strict mode refuses an answer to a hidden question or an option not offered', () => {
    fc.assert(
      fc.property(arbCase, ({ schema, values }) => {
        const sent = asRendered(schema, values);
        const visible = visibleFieldIds(schema, sent);
        const hidden = schema.fields.find((f) => !visible.has(f.id) && f.type === 'INPUT');
        if (hidden) {
          const tampered = { ...sent, [fieldName(hidden.id)]: 'x' };
          // Filling it may change nothing else: the hidden field's own answer is what is refused.
          if (!visibleFieldIds(schema, tampered).has(hidden.id)) {
            const r = validateAnswers(schema, tampered, { strict: true });
            expect(r.errors.map((e) => e.message)).toContain(FORM_MESSAGES.hidden(hidden));
          }
        }
        const choice = schema.fields.find((f) => visible.has(f.id) && f.type === 'RADIO');
        if (choice) {
          const r = validateAnswers(schema, { ...sent, [fieldName(choice.id)]: 9 }, { strict: true });
          const own = r.errors.find((e) => e.id === choice.id);
          // A 9 may hide others through the rules; its own check always fails.
          if (visibleFieldIds(schema, { ...sent, [fieldName(choice.id)]: 9 }).has(choice.id))
            expect(own?.message).toBe(FORM_MESSAGES.badOption(choice));
        }
      }),
      { numRuns: 400 },
    );
  });
});
