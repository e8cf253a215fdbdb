import type { TStage } from '@shetuan/shared/projects';
import { describe, expect, it } from 'vitest';
import { flowProblems, parsedFlow } from './FlowEditor';
import { declarationListPath, operatorsAct, reviewMode } from './flow-helpers';
import { newStage } from './StageFields';

const expert = (mode: 'score' | 'approval'): TStage => ({ ...newStage('expert_review'), mode }) as TStage;

describe('the wizard’s flow: the shared ZFlow’s rules, said where they apply', () => {
  it('an empty flow and a scoring round without items are refused in Chinese, each with its stage', () => {
    expect(flowProblems([])).toEqual([{ index: null, message: '请至少设置一个评审环节' }]);
    const problems = flowProblems([newStage('formal_review'), expert('score'), newStage('decision')]);
    expect(problems).toEqual([{ index: 1, message: '第2个环节（专家评审）是评分制，请设置评分项' }]);
  });

  it('a field’s problem names the stage and the item', () => {
    const stage = { ...expert('score'), items: [{ key: 'item1', name: '', max: 10, weight: 1 }] } as TStage;
    expect(flowProblems([stage])).toEqual([{ index: 0, message: '第1个环节（专家评审）：评分项1：请输入评分项名称' }]);
  });

  it('the decision must come last and needs an expert round before it', () => {
    const messages = flowProblems([newStage('decision'), newStage('formal_review')]).map((p) => p.message);
    expect(messages).toContain('评审结果环节必须是最后一个环节');
    expect(messages).toContain('定级需要专家评审环节在前');
  });

  it('a well-formed flow has no problems and parses with the defaults', () => {
    const flow = [
      newStage('first_trial'),
      { ...expert('score'), items: [{ key: 'item1', name: '创新性', max: 50, weight: 1 }] } as TStage,
      newStage('decision'),
    ];
    expect(flowProblems(flow)).toEqual([]);
    expect(parsedFlow(flow)).toHaveLength(3);
  });
});

describe('which list and which actions a project’s flow gives', () => {
  it('a scoring round is 评分; approval rounds and approval chains are 审批', () => {
    expect(reviewMode([expert('score'), newStage('decision')] as never)).toBe('score');
    expect(reviewMode([expert('approval')] as never)).toBe('approval');
    expect(declarationListPath({ id: 7, flow: [newStage('approval')] as never })).toBe(
      '/createDeclareListSp?projectId=7',
    );
    expect(declarationListPath({ id: 7, flow: [expert('score')] as never })).toBe('/createDeclareList?projectId=7');
  });

  it('the operators act at a formal review or an approval level only', () => {
    const flow = [newStage('first_trial'), newStage('formal_review'), expert('score')] as never;
    expect(operatorsAct(flow, { status: 'in_review', stage: 0 })).toBe(false);
    expect(operatorsAct(flow, { status: 'in_review', stage: 1 })).toBe(true);
    expect(operatorsAct(flow, { status: 'returned', stage: 1 })).toBe(false);
    expect(operatorsAct(flow, { status: 'in_review', stage: 2 })).toBe(false);
  });
});
