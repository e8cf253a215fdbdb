import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawFromCandidates, ZDrawCreate } from './draw';

const slot = (candidates: number[], count: number, substitutes = 0) => ({ candidates, count, substitutes });

describe('drawFromCandidates', () => {
  it('gives the same picks for the same seed and candidates, whatever their order', () => {
    const a = drawFromCandidates('9f3a21c4', [slot([5, 1, 9, 3, 7, 2], 2, 2)]);
    const b = drawFromCandidates('9f3a21c4', [slot([1, 2, 3, 5, 7, 9], 2, 2)]);
    expect(a).toEqual(b);
    expect(a.map((p) => p.substitute)).toEqual([false, false, true, true]);
    expect(a.map((p) => p.position)).toEqual([1, 2, 3, 4]);
  });

  it('is pinned: a recorded draw recomputes to the same experts on any release', () => {
    // If this changes, every recorded draw would fail its 复核: the algorithm must never change.
    const picks = drawFromCandidates('00000001', [slot([10, 9, 8, 7, 6, 5, 4, 3, 2, 1], 3, 1)]);
    expect(picks.map((p) => p.expertId)).toEqual([8, 6, 4, 3]);
  });

  it('never picks an expert twice across slots, and never more than the pool holds', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9a-f]{8}$/),
        fc.array(
          fc.record({
            candidates: fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 25 }),
            count: fc.integer({ min: 1, max: 6 }),
            substitutes: fc.integer({ min: 0, max: 4 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        (seed, slots) => {
          const picks = drawFromCandidates(seed, slots);
          const ids = picks.map((p) => p.expertId);
          expect(new Set(ids).size).toBe(ids.length);
          slots.forEach((s, i) => {
            const mine = picks.filter((p) => p.slot === i);
            expect(mine.length).toBeLessThanOrEqual(s.count + s.substitutes);
            for (const p of mine) expect(s.candidates).toContain(p.expertId);
          });
        },
      ),
    );
  });

  it('is fair: over many seeds each candidate is drawn about equally often', () => {
    const hits = new Map<number, number>();
    for (let i = 0; i < 6000; i++) {
      const seed = ((i * 2654435761) >>> 0).toString(16).padStart(8, '0');
      for (const p of drawFromCandidates(seed, [slot([1, 2, 3, 4, 5, 6], 1)]))
        hits.set(p.expertId, (hits.get(p.expertId) ?? 0) + 1);
    }
    for (let id = 1; id <= 6; id++) expect(Math.abs((hits.get(id) ?? 0) - 1000)).toBeLessThan(150);
  });
});

describe('ZDrawCreate', () => {
  it('asks each slot for a domain, a label or a region, and checks the seed', () => {
    const r = ZDrawCreate.safeParse({ title: '评审', slots: [{ count: 2 }], seed: 'xyz' });
    expect(r.success).toBe(false);
    const messages = r.error?.issues.map((i) => i.message);
    expect(messages).toContain('每组请至少选择领域、标签或地区之一');
    expect(messages).toContain('随机种子为8位十六进制数（0-9、a-f）');
  });
});
