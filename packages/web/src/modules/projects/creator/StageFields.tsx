import { COMBINE_NAMES, type CombineMethod, type StageKind, type TStage } from '@shetuan/shared/projects';
import { Col, InputNumber, Radio, Row, Select, Switch, Typography } from 'antd';
import { DecisionFields } from './DecisionFields';
import { Field, num } from './Field';
import type { ExpertStage } from './flow-helpers';
import { ScoreItems } from './ScoreItems';

/** A new stage of a kind, with the defaults a creator most often keeps. */
export function newStage(kind: StageKind): TStage {
  switch (kind) {
    case 'first_trial':
      return { kind, name: '单位推荐', quotaPerUnit: 0 };
    case 'formal_review':
      return { kind, name: '形式审查' };
    case 'expert_review':
      return {
        kind,
        name: '专家评审',
        mode: 'score',
        reviewersPerDeclaration: 3,
        maxPerExpert: 30,
        blind: false,
        grouped: false,
        combine: 'mean',
        items: [],
      };
    case 'approval':
      return { kind, name: '审批', levels: 1 };
    case 'decision':
      return {
        kind,
        name: '评审结果',
        method: 'threshold',
        grades: [
          { name: '一等', min: 90 },
          { name: '二等', min: 75 },
          { name: '三等', min: 60 },
        ],
        publicityDays: 7,
      };
  }
}

/** The fields of one stage, by its kind. `prefix` makes the ids unique on the page (stage0-…). */
export function StageFields({
  stage,
  flow = [stage],
  index = 0,
  prefix,
  approvalFigure,
  disabled,
  onChange,
}: {
  stage: TStage;
  /** The whole flow and the stage's place in it (多轮评审: the settings that need an earlier round). */
  flow?: readonly TStage[];
  index?: number;
  prefix: string;
  /** The decision's figure is the agree percentage (the flow's expert rounds approve). */
  approvalFigure: boolean;
  disabled: boolean;
  onChange: (stage: TStage) => void;
}) {
  const id = (field: string) => `${prefix}-${field}`;
  switch (stage.kind) {
    case 'first_trial':
      return (
        <Field id={id('quota')} label="每个单位推荐名额" help="推荐单位最多推荐的申报数，0 为不限">
          <InputNumber
            id={id('quota')}
            min={0}
            max={100000}
            precision={0}
            disabled={disabled}
            value={stage.quotaPerUnit}
            onChange={(v) => onChange({ ...stage, quotaPerUnit: num(v) })}
            suffix="个"
          />
        </Field>
      );
    case 'formal_review':
      return (
        <Typography.Text type="secondary">
          由项目创建者审查申报材料是否齐全、合规：通过、退回修改或不通过。
        </Typography.Text>
      );
    case 'approval':
      return (
        <Field id={id('levels')} label="审批层级" help="逐级审批，每一级通过后进入下一级">
          <Radio.Group
            id={id('levels')}
            disabled={disabled}
            value={stage.levels}
            onChange={(e) => onChange({ ...stage, levels: e.target.value as number })}
            options={[1, 2, 3].map((n) => ({ value: n, label: `${n}级` }))}
          />
        </Field>
      );
    case 'expert_review':
      return (
        <ExpertFields
          stage={stage}
          id={id}
          disabled={disabled}
          earlier={flow.slice(0, index).some((s) => s.kind === 'expert_review')}
          rounds={flow.filter((s) => s.kind === 'expert_review').length}
          onChange={onChange}
        />
      );
    case 'decision':
      return (
        <DecisionFields stage={stage} id={id} approvalFigure={approvalFigure} disabled={disabled} onChange={onChange} />
      );
  }
}

function ExpertFields({
  stage,
  id,
  disabled,
  earlier,
  rounds,
  onChange,
}: {
  stage: ExpertStage;
  id: (field: string) => string;
  disabled: boolean;
  /** An expert round comes before this one. */
  earlier: boolean;
  /** Expert rounds in the flow. */
  rounds: number;
  onChange: (stage: TStage) => void;
}) {
  const set = (patch: Partial<ExpertStage>) => onChange({ ...stage, ...patch });
  return (
    <>
      <Row gutter={24}>
        <Col xs={24} md={8}>
          <Field id={id('mode')} label="评审方式">
            <Radio.Group
              id={id('mode')}
              disabled={disabled}
              value={stage.mode}
              onChange={(e) => set({ mode: e.target.value as ExpertStage['mode'] })}
              options={[
                { value: 'score', label: '评分制' },
                { value: 'approval', label: '审批制' },
              ]}
            />
          </Field>
        </Col>
        <Col xs={12} md={8}>
          <Field id={id('k')} label="每份申报评审专家数">
            <InputNumber
              id={id('k')}
              min={1}
              max={20}
              precision={0}
              disabled={disabled}
              value={stage.reviewersPerDeclaration}
              onChange={(v) => set({ reviewersPerDeclaration: num(v) })}
              suffix="位"
            />
          </Field>
        </Col>
        <Col xs={12} md={8}>
          <Field id={id('l')} label="每位专家最多评审">
            <InputNumber
              id={id('l')}
              min={1}
              max={2000}
              precision={0}
              disabled={disabled}
              value={stage.maxPerExpert}
              onChange={(v) => set({ maxPerExpert: num(v) })}
              suffix="份"
            />
          </Field>
        </Col>
        <Col xs={12} md={8}>
          <Field id={id('blind')} label="盲审" help="评审专家看不到申报人的个人信息">
            <Switch id={id('blind')} disabled={disabled} checked={stage.blind} onChange={(blind) => set({ blind })} />
          </Field>
        </Col>
        <Col xs={12} md={8}>
          <Field id={id('grouped')} label="分组评审" help="申报和专家按分组分配">
            <Switch
              id={id('grouped')}
              disabled={disabled}
              checked={stage.grouped}
              onChange={(grouped) => set({ grouped })}
            />
          </Field>
        </Col>
        {earlier && (
          <Col xs={12} md={8}>
            <Field id={id('fresh')} label="避开前轮专家" help="前一轮评审过该申报的专家不再分配">
              <Switch
                id={id('fresh')}
                disabled={disabled}
                checked={Boolean(stage.excludeEarlierExperts)}
                onChange={(excludeEarlierExperts) => set({ excludeEarlierExperts })}
              />
            </Field>
          </Col>
        )}
        {rounds > 1 && (
          <Col xs={12} md={8}>
            <Field id={id('weight')} label="成绩权重" help="多轮评审的综合成绩按各轮权重加权平均，0 为不计入">
              <InputNumber
                id={id('weight')}
                min={0}
                max={100}
                disabled={disabled}
                value={stage.resultWeight ?? 1}
                onChange={(v) => set({ resultWeight: v === null ? 1 : Number(v) })}
              />
            </Field>
          </Col>
        )}
        {stage.mode === 'score' && (
          <Col xs={24} md={8}>
            <Field id={id('combine')} label="计分方式">
              <Select
                id={id('combine')}
                disabled={disabled}
                value={stage.combine}
                onChange={(combine: CombineMethod) => set({ combine })}
                options={Object.entries(COMBINE_NAMES).map(([value, label]) => ({ value, label }))}
                popupMatchSelectWidth={false}
              />
            </Field>
          </Col>
        )}
      </Row>
      {stage.mode === 'score' ? (
        <ScoreItems items={stage.items} prefix={id('item')} disabled={disabled} onChange={(items) => set({ items })} />
      ) : (
        <Typography.Text type="secondary">审批制：每位专家给出“同意”或“不同意”，以同意比例排名。</Typography.Text>
      )}
    </>
  );
}
