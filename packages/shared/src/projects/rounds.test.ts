import { describe, expect, it } from 'vitest';
import { sameFlow, type TFlow, ZFlow } from './flow';
import { combineRounds } from './scoring';

const round = (name: string, extra: Record<string, unknown> = {}) => ({
  kind: 'expert_review' as const,
  name,
  mode: 'score' as const,
  reviewersPerDeclaration: 2,
  maxPerExpert: 10,
  blind: false,
  grouped: false,
  combine: 'mean' as const,
  items: [{ key: 'merit', name: '水平', max: 100, weight: 1 }],
  ...extra,
});

describe('多轮评审: combining rounds', () => {
  const flow = [{ kind: 'formal_review', name: '形式审查' }, round('初评'), round('复评', { resultWeight: 2 })];

  it('weights each round’s figure; a round not reached yet does not count', () => {
    expect(combineRounds(flow, { '1': 82, '2': 90 })).toBe(87.33);
    expect(combineRounds(flow, { '1': 82 })).toBe(82);
    expect(combineRounds(flow, {})).toBeNull();
  });

  it('a round of weight 0 is left out; when every round it has weighs 0, the last decides', () => {
    const screening = [round('初评', { resultWeight: 0 }), round('复评')];
    expect(combineRounds(screening, { '0': 60, '1': 90 })).toBe(90);
    expect(combineRounds(screening, { '0': 60 })).toBe(60);
  });

  it('a flow stored before weights existed counts each round as 1', () => {
    // round() sets no resultWeight: as a flow saved before the setting existed.
    const old = [round('初评'), round('复评')];
    expect(combineRounds(old, { '0': 80, '1': 90 })).toBe(85);
  });
});

describe('多轮评审: the flow’s rules', () => {
  const decision = { kind: 'decision', method: 'threshold', grades: [{ name: '入选', min: 80 }] };

  it('refuses avoiding earlier experts on the first round, and weights all 0', () => {
    const first = ZFlow.safeParse([round('初评', { excludeEarlierExperts: true })]);
    expect(first.success).toBe(false);
    expect(first.error?.issues[0]?.message).toBe('第1个环节（初评）之前没有专家评审环节，不能设置避开前轮专家');
    const zero = ZFlow.safeParse([round('初评', { resultWeight: 0 }), round('复评', { resultWeight: 0 }), decision]);
    expect(zero.error?.issues[0]?.message).toBe('各专家评审环节的成绩权重不能都为0');
    expect(ZFlow.safeParse([round('初评'), round('复评', { excludeEarlierExperts: true }), decision]).success).toBe(
      true,
    );
  });

  it('a stored flow without the new settings equals the same flow sent back with their defaults', () => {
    const stored = [round('初评')] as TFlow;
    const sent = [{ ...round('初评'), excludeEarlierExperts: false, resultWeight: 1 }] as TFlow;
    expect(sameFlow(stored, sent)).toBe(true);
    expect(sameFlow(stored, [{ ...round('初评'), resultWeight: 2 }] as TFlow)).toBe(false);
  });
});
