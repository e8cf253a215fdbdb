import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, DownOutlined, PlusOutlined } from '@ant-design/icons';
import { STAGE_KIND_NAMES, type StageKind, type TFlow, type TStage, ZFlow } from '@shetuan/shared/projects';
import { Alert, Button, Card, Dropdown, Empty, Form, Input, Space, Tag, Typography } from 'antd';
import { FlowLibraryPicker, useStageDefaults } from '../operations/library';
import { newStage, StageFields } from './StageFields';

const KIND_COLORS: Record<StageKind, string> = {
  // Tag colours whose text reads at 4.5:1 on their own background.
  first_trial: 'geekblue',
  formal_review: 'blue',
  expert_review: 'purple',
  approval: 'magenta',
  decision: 'success',
};

const KIND_HELP: Record<StageKind, string> = {
  first_trial: '申报人所在单位（初审单位）审核并推荐',
  formal_review: '项目创建者审查材料',
  expert_review: '专家评分或审批，一轮一个环节',
  approval: '1至3级逐级审批，不需要专家',
  decision: '定级、公示并发布结果，必须是最后一个环节',
};

export interface FlowProblem {
  /** The stage it is about, or null for the flow as a whole. */
  index: number | null;
  message: string;
}

/** What the shared ZFlow says about a flow, in Chinese, each with the stage it is about. */
export function flowProblems(flow: TStage[]): FlowProblem[] {
  const parsed = ZFlow.safeParse(flow);
  if (parsed.success) return [];
  const seen = new Set<string>();
  const problems: FlowProblem[] = [];
  for (const issue of parsed.error.issues) {
    const [i, field, j] = issue.path;
    let problem: FlowProblem = { index: null, message: issue.message };
    if (typeof i === 'number') {
      const stage = flow[i];
      const where =
        field === 'items' && typeof j === 'number'
          ? `评分项${j + 1}：`
          : field === 'grades' && typeof j === 'number'
            ? `等级${j + 1}：`
            : '';
      problem = {
        index: i,
        message: issue.message.startsWith('第')
          ? issue.message
          : `第${i + 1}个环节（${stage?.name || (stage ? STAGE_KIND_NAMES[stage.kind] : '')}）：${where}${issue.message}`,
      };
    }
    if (seen.has(problem.message)) continue;
    seen.add(problem.message);
    problems.push(problem);
  }
  return problems;
}

/** The flow with ZFlow's defaults filled, as the server stores it. */
export function parsedFlow(flow: TStage[]): TFlow {
  return ZFlow.parse(flow);
}

/**
 * The review flow: the stages in order, each with its own settings. Stages are added from the five
 * kinds (a new one goes before 评审结果, which stays last), moved up and down, and removed. A
 * published project's flow is shown read-only.
 */
export function FlowEditor({
  value,
  onChange,
  readOnly,
  problems,
}: {
  value: TStage[];
  onChange: (flow: TStage[]) => void;
  readOnly: boolean;
  problems: FlowProblem[];
}) {
  // A new stage starts with the tenant's defaults (运营管理 › 评审设置).
  const withDefaults = useStageDefaults();
  const hasDecision = value.some((s) => s.kind === 'decision');
  const approvalFigure = !value.some((s) => s.kind === 'expert_review' && s.mode === 'score');
  const add = (kind: StageKind) => {
    const stage = withDefaults(newStage(kind));
    const at = value.findIndex((s) => s.kind === 'decision');
    onChange(kind === 'decision' || at < 0 ? [...value, stage] : [...value.slice(0, at), stage, ...value.slice(at)]);
  };
  const move = (from: number, to: number) => {
    const copy = [...value];
    const [stage] = copy.splice(from, 1);
    if (stage) copy.splice(to, 0, stage);
    onChange(copy);
  };
  const replace = (index: number, stage: TStage) => onChange(value.map((s, i) => (i === index ? stage : s)));
  const general = problems.filter((p) => p.index === null);

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      {readOnly && <Alert type="info" showIcon message="项目已发布，评审流程不能修改" />}
      {!readOnly && <FlowLibraryPicker value={value} onPick={onChange} />}
      {general.length > 0 && (
        <Alert type="error" showIcon message={general.map((p) => p.message).join('；')} role="alert" />
      )}
      {value.length === 0 && <Empty description="请从“添加环节”开始设置评审流程：申报人提交后依次经过的环节" />}
      {value.map((stage, index) => {
        const own = problems.filter((p) => p.index === index);
        const prefix = `stage${index}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a stage is its position in the flow
          <div key={index}>
            {index > 0 && (
              <div style={{ textAlign: 'center', lineHeight: '20px', marginBottom: 12 }} aria-hidden>
                <ArrowDownOutlined style={{ color: '#8c8c8c' }} />
              </div>
            )}
            <Card
              size="small"
              role="group"
              aria-label={`第${index + 1}个环节`}
              title={
                <Space wrap>
                  <Typography.Text type="secondary">第{index + 1}步</Typography.Text>
                  <Tag color={KIND_COLORS[stage.kind]}>{STAGE_KIND_NAMES[stage.kind]}</Tag>
                  <Input
                    aria-label={`第${index + 1}个环节名称`}
                    value={stage.name}
                    maxLength={20}
                    disabled={readOnly}
                    style={{ width: 200 }}
                    onChange={(e) => replace(index, { ...stage, name: e.target.value })}
                  />
                </Space>
              }
              extra={
                !readOnly && (
                  <Space size={4}>
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowUpOutlined />}
                      aria-label={`上移第${index + 1}个环节`}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    />
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowDownOutlined />}
                      aria-label={`下移第${index + 1}个环节`}
                      disabled={index === value.length - 1}
                      onClick={() => move(index, index + 1)}
                    />
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`删除第${index + 1}个环节`}
                      onClick={() => onChange(value.filter((_, i) => i !== index))}
                    />
                  </Space>
                )
              }
              styles={{ body: { paddingBottom: 8 } }}
              style={own.length ? { borderColor: '#ff4d4f' } : undefined}
            >
              <Form layout="vertical" component={false}>
                <StageFields
                  stage={stage}
                  flow={value}
                  index={index}
                  prefix={prefix}
                  approvalFigure={approvalFigure}
                  disabled={readOnly}
                  onChange={(s) => replace(index, s)}
                />
              </Form>
              {own.length > 0 && (
                <Alert
                  type="error"
                  showIcon
                  style={{ marginTop: 8, marginBottom: 4 }}
                  message={own.map((p) => p.message).join('；')}
                />
              )}
            </Card>
          </div>
        );
      })}
      {!readOnly && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: (Object.keys(STAGE_KIND_NAMES) as StageKind[]).map((kind) => ({
              key: kind,
              disabled: (kind === 'decision' && hasDecision) || value.length >= 10,
              label: (
                <Space direction="vertical" size={0}>
                  <span>{STAGE_KIND_NAMES[kind]}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {KIND_HELP[kind]}
                  </Typography.Text>
                </Space>
              ),
            })),
            onClick: ({ key }) => add(key as StageKind),
          }}
        >
          <Button type="dashed" block icon={<PlusOutlined />}>
            添加环节 <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
