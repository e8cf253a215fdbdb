import {
  PROJECT_PAGES as P,
  type TDeclaration,
  type TFlow,
  type TProject,
  type TStage,
} from '@shetuan/shared/projects';
import dayjs from 'dayjs';

export type ExpertStage = Extract<TStage, { kind: 'expert_review' }>;
export type DecisionStage = Extract<TStage, { kind: 'decision' }>;

/** The expert rounds of a flow with their index (the stage number the server's routes take). */
export function expertRounds(flow: TFlow): { index: number; stage: ExpertStage }[] {
  return flow.flatMap((stage, index) => (stage.kind === 'expert_review' ? [{ index, stage }] : []));
}

export function decisionOf(flow: TFlow): DecisionStage | undefined {
  return flow.find((s): s is DecisionStage => s.kind === 'decision');
}

/**
 * Which 申报列表 a project belongs to: 评分 when one of its expert rounds scores, else 审批 (an
 * approval round, or a chain of approvals without experts).
 */
export function reviewMode(flow: TFlow): 'score' | 'approval' {
  return expertRounds(flow).some((r) => r.stage.mode === 'score') ? 'score' : 'approval';
}

export const SP_PATH = '/createDeclareListSp';

export function declarationListPath(project: Pick<TProject, 'id' | 'flow'>): string {
  const path = reviewMode(project.flow) === 'approval' ? SP_PATH : P.declarations.path;
  return `${path}?projectId=${project.id}`;
}

/** Whether the operators act on the declaration now (a formal review or an approval level). */
export function operatorsAct(flow: TFlow, d: Pick<TDeclaration, 'status' | 'stage'>): boolean {
  const kind = flow[d.stage]?.kind;
  return d.status === 'in_review' && (kind === 'formal_review' || kind === 'approval');
}

/** The flow as a line of names: 单位推荐 → 形式审查 → 专家评审 → 评审结果. */
export function flowText(flow: TFlow): string {
  return flow.map((s) => s.name).join(' → ');
}

export const STATUS_OPTIONS: { value: TDeclaration['status']; label: string }[] = [
  { value: 'in_review', label: '审核中' },
  { value: 'returned', label: '已退回修改' },
  { value: 'rejected', label: '未通过' },
  { value: 'withdrawn', label: '已撤回' },
  { value: 'decided', label: '已有结果' },
];

export const STATUS_COLORS: Record<TDeclaration['status'], string> = {
  draft: 'default',
  in_review: 'processing',
  returned: 'warning',
  rejected: 'error',
  withdrawn: 'default',
  decided: 'success',
};

/** A time for a person: 2026-03-01 09:30 (— when there is none). */
export function timeText(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—';
}

/** A score with at most two decimals, or —. */
export function scoreText(score: number | null | undefined): string {
  return score === null || score === undefined ? '—' : String(Math.round(score * 100) / 100);
}
