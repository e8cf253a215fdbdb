import { AppstoreAddOutlined, DownOutlined } from '@ant-design/icons';
import {
  type TFlow,
  type TGradingScheme,
  type TScoreItem,
  type TStage,
  type TWizardLibrary,
  withReviewDefaults,
} from '@shetuan/shared/projects';
import { useQuery } from '@tanstack/react-query';
import { Button, Dropdown, Space, Tag, Typography } from 'antd';
import { useCallback } from 'react';
import { feedback } from '../../../app/feedback';
import { opsApi, opsKeys } from './api';

/**
 * What 运营管理 gives the wizard (FlowEditor, ScoreItems, DecisionFields): the libraries of flows,
 * scoring rules and grading schemes, and the defaults a new stage starts with (评审设置). Read once
 * per minute; a person without 项目管理 gets none and the editors keep their built-in defaults.
 */
export function useWizardLibrary() {
  return useQuery({ queryKey: opsKeys.library(), queryFn: opsApi.library, staleTime: 60_000, retry: false });
}

/** A new stage with the tenant's defaults (评审设置), or as given while they load. */
export function useStageDefaults(): (stage: TStage) => TStage {
  const library = useWizardLibrary().data;
  return useCallback((stage: TStage) => (library ? withReviewDefaults(stage, library) : stage), [library]);
}

const copy = <T,>(value: T): T => structuredClone(value);

/** Asks before replacing what the person already set (a flow, items, grades). */
function replaceAfterConfirm(nonEmpty: boolean, title: string, replace: () => void) {
  if (!nonEmpty) {
    replace();
    return;
  }
  feedback.modal.confirm({ title, okText: '替换', cancelText: '取消', onOk: replace });
}

/** 从流程库选择: the flow of a library entry replaces the one being edited. */
export function FlowLibraryPicker({ value, onPick }: { value: TStage[]; onPick: (flow: TFlow) => void }) {
  const flows = useWizardLibrary().data?.flows ?? [];
  if (flows.length === 0) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: flows.map((f) => ({
          key: String(f.id),
          label: (
            <Space direction="vertical" size={0}>
              <span>
                {f.name} {f.isDefault && <Tag color="blue">默认</Tag>}
              </span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {f.flow.map((s) => s.name).join(' → ')}
              </Typography.Text>
            </Space>
          ),
        })),
        onClick: ({ key }) => {
          const flow = flows.find((f) => String(f.id) === key);
          if (flow)
            replaceAfterConfirm(value.length > 0, `用“${flow.name}”替换当前的评审流程？`, () =>
              onPick(copy(flow.flow)),
            );
        },
      }}
    >
      <Button icon={<AppstoreAddOutlined />}>
        从流程库选择 <DownOutlined />
      </Button>
    </Dropdown>
  );
}

/** 使用评分规则: a scoring rule's items replace the round's. */
export function ScoreRulePicker({
  items,
  disabled,
  onPick,
}: {
  items: TScoreItem[];
  disabled: boolean;
  onPick: (items: TScoreItem[]) => void;
}) {
  const rules = useWizardLibrary().data?.scoreRules ?? [];
  if (disabled || rules.length === 0) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: rules.map((r) => ({ key: String(r.id), label: `${r.name}（满分${r.fullMark}）` })),
        onClick: ({ key }) => {
          const rule = rules.find((r) => String(r.id) === key);
          if (rule)
            replaceAfterConfirm(items.length > 0, `用“${rule.name}”替换当前的评分项？`, () => onPick(copy(rule.items)));
        },
      }}
    >
      <Button size="small">
        使用评分规则 <DownOutlined />
      </Button>
    </Dropdown>
  );
}

type SchemeChoice = Pick<TGradingScheme, 'method' | 'grades' | 'publicityDays'>;

/** 使用定级方案: a grading scheme's method, grades and publicity days replace the stage's. */
export function GradingSchemePicker({
  disabled,
  onPick,
}: {
  disabled: boolean;
  onPick: (scheme: SchemeChoice) => void;
}) {
  const schemes: TWizardLibrary['gradingSchemes'] = useWizardLibrary().data?.gradingSchemes ?? [];
  if (disabled || schemes.length === 0) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: schemes.map((s) => ({ key: String(s.id), label: `${s.name}（${s.gradeText}）` })),
        onClick: ({ key }) => {
          const s = schemes.find((x) => String(x.id) === key);
          if (s)
            replaceAfterConfirm(true, `用“${s.name}”替换当前的定级方式和等级？`, () =>
              onPick({ method: s.method, grades: copy(s.grades), publicityDays: s.publicityDays }),
            );
        },
      }}
    >
      <Button size="small">
        使用定级方案 <DownOutlined />
      </Button>
    </Dropdown>
  );
}
