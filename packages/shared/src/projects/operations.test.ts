import { describe, expect, it } from 'vitest';
import { type StageKind, type TStage, ZStage } from './flow';
import {
  defaultSettings,
  type TWizardLibrary,
  withReviewDefaults,
  ZDeclarationDefaults,
  ZGradingSchemeInput,
  ZReviewDefaults,
} from './operations';

/** A stage of a kind as the schema completes it (a decision needs its grades). */
function newStageForTest(kind: StageKind): TStage {
  return ZStage.parse(
    kind === 'decision'
      ? { kind, grades: [{ name: '一等', min: 90 }] }
      : kind === 'expert_review'
        ? { kind, mode: 'score' }
        : { kind },
  );
}

const library: Pick<TWizardLibrary, 'review' | 'scoreRules' | 'gradingSchemes'> = {
  review: ZReviewDefaults.parse({
    reviewersPerDeclaration: 5,
    maxPerExpert: 12,
    blind: true,
    combine: 'trimmed',
    scoreRuleId: 1,
    gradingSchemeId: 2,
    quotaPerUnit: 3,
    approvalLevels: 2,
  }),
  scoreRules: [{ id: 1, name: '规则', fullMark: 10, items: [{ key: 'a', name: '创新性', max: 10, weight: 1 }] }],
  gradingSchemes: [
    { id: 2, name: '方案', method: 'quota', grades: [{ name: '资助', percent: 30 }], publicityDays: 5, gradeText: '' },
  ],
};

describe('运营管理 defaults', () => {
  it('a new stage takes 评审设置: experts, limits, blindness, combining, the rule and the scheme', () => {
    const expert = withReviewDefaults(newStageForTest('expert_review'), library);
    expect(expert).toMatchObject({
      reviewersPerDeclaration: 5,
      maxPerExpert: 12,
      blind: true,
      combine: 'trimmed',
      items: [{ key: 'a', name: '创新性', max: 10, weight: 1 }],
    });
    // The items are a copy: editing the stage never edits the library.
    if (expert.kind === 'expert_review') expect(expert.items[0]).not.toBe(library.scoreRules[0]?.items[0]);
    expect(withReviewDefaults(newStageForTest('decision'), library)).toMatchObject({
      method: 'quota',
      grades: [{ name: '资助', percent: 30 }],
      publicityDays: 5,
    });
    expect(withReviewDefaults(newStageForTest('first_trial'), library)).toMatchObject({ quotaPerUnit: 3 });
    expect(withReviewDefaults(newStageForTest('approval'), library)).toMatchObject({ levels: 2 });
    expect(withReviewDefaults(newStageForTest('formal_review'), library)).toEqual(newStageForTest('formal_review'));
  });

  it('an approval-mode default keeps no items, and a missing rule or scheme leaves the stage as it was', () => {
    const approval = { ...library, review: { ...library.review, mode: 'approval' as const } };
    expect(withReviewDefaults(newStageForTest('expert_review'), approval)).toMatchObject({
      mode: 'approval',
      items: [],
    });
    const none = { ...library, scoreRules: [], gradingSchemes: [] };
    expect(withReviewDefaults(newStageForTest('expert_review'), none)).toMatchObject({ items: [] });
    expect(withReviewDefaults(newStageForTest('decision'), none)).toEqual(newStageForTest('decision'));
  });

  it('运营设置 gives a new project its settings and a deadline that many days away', () => {
    const now = new Date('2027-03-01T00:00:00.000Z');
    const settings = defaultSettings(ZDeclarationDefaults.parse({ perApplicantLimit: 2, durationDays: 10 }), now);
    expect(settings).toMatchObject({ openAt: null, closeAt: '2027-03-11T00:00:00.000Z', perApplicantLimit: 2 });
    expect(defaultSettings(ZDeclarationDefaults.parse({}), now).closeAt).toBeNull();
  });

  it('a grading scheme is checked as the decision stage is', () => {
    const quota = ZGradingSchemeInput.safeParse({ name: '方案', method: 'quota', grades: [{ name: '甲', min: 80 }] });
    expect(quota.error?.issues[0]?.message).toBe('按比例定级时，每个等级都要填写比例');
    const ok = ZGradingSchemeInput.safeParse({ name: '方案', grades: [{ name: '甲', min: 80 }] });
    expect(ok.data).toMatchObject({ method: 'threshold', publicityDays: 0 });
  });
});
