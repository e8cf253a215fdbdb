import { PROJECT_ELEMENTS } from '@shetuan/shared/projects';
import { useQueryClient } from '@tanstack/react-query';
import { Tag } from 'antd';
import { ResourcePage } from '../../../platform/resource';
import { opsKeys } from './api';

/**
 * /projectElementsEditing (运营管理 › 项目要素编辑): the values of the project elements — 项目类别,
 * 项目级别 and 年度 — that projects carry (the wizard, 项目运营) and that 项目要素, 专家分类 and the
 * operators' filters use. A value in use is disabled rather than deleted.
 */
export default function ElementsEditingPage() {
  const queryClient = useQueryClient();
  return (
    <ResourcePage
      contract={PROJECT_ELEMENTS}
      keywordPlaceholder="要素名称"
      cells={{ enabled: (r) => (r.enabled ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>) }}
      onChanged={() => void queryClient.invalidateQueries({ queryKey: opsKeys.all })}
    />
  );
}
