import { FLOW_LIBRARY } from '@shetuan/shared/projects';
import { useQueryClient } from '@tanstack/react-query';
import { Tag } from 'antd';
import { ResourcePage } from '../../../platform/resource';
import { FlowTags } from '../creator/FlowTags';
import { opsKeys } from './api';
import { FlowControl } from './widgets';

/**
 * /projectFlow (运营管理 › 项目流程): the tenant's review flows, edited with the wizard's own flow
 * editor. The wizard offers them (从流程库选择) and starts a new project with the default one.
 */
export default function FlowLibraryPage() {
  const queryClient = useQueryClient();
  return (
    <ResourcePage
      contract={FLOW_LIBRARY}
      keywordPlaceholder="流程名称"
      formWidth={980}
      widgets={{ flow: <FlowControl /> }}
      cells={{
        stageText: (r) => <FlowTags project={r} />,
        isDefault: (r) => (r.isDefault ? <Tag color="blue">默认</Tag> : '—'),
      }}
      onChanged={() => void queryClient.invalidateQueries({ queryKey: opsKeys.library() })}
    />
  );
}
