import { GRADING_SCHEMES, SCORE_RULES } from '@shetuan/shared/projects';
import { useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { useState } from 'react';
import { ResourcePage } from '../../../platform/resource';
import { opsKeys } from './api';
import { GradesControl, ScoreItemsControl } from './widgets';

/**
 * /gradingRule (运营管理 › 评分规则): the scoring rules (items with their maximum and weight) and
 * the grading schemes (定级方式, grades, publicity). An expert round of the wizard takes its items
 * from a rule (使用评分规则), a decision stage its grades from a scheme (使用定级方案); 评审设置 names
 * the ones a new stage starts with.
 */
export default function GradingRulePage() {
  const queryClient = useQueryClient();
  const [tab, setTab] = useState('rules');
  const changed = () => void queryClient.invalidateQueries({ queryKey: opsKeys.library() });
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      destroyOnHidden
      items={[
        {
          key: 'rules',
          label: '评分规则',
          children: (
            <ResourcePage
              contract={SCORE_RULES}
              keywordPlaceholder="规则名称"
              formWidth={760}
              widgets={{ items: <ScoreItemsControl /> }}
              onChanged={changed}
            />
          ),
        },
        {
          key: 'schemes',
          label: '定级方案',
          children: (
            <ResourcePage
              contract={GRADING_SCHEMES}
              keywordPlaceholder="方案名称"
              formWidth={640}
              widgets={{ grades: <GradesControl /> }}
              onChanged={changed}
            />
          ),
        },
      ]}
    />
  );
}
