import { OPERATION_PAGES as O, PROJECT_PAGES as P, PROJECT_TEMPLATES } from '@shetuan/shared/projects';
import { useQueryClient } from '@tanstack/react-query';
import { Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useCan } from '../../../platform/auth/can';
import { LinkButton } from '../../../platform/components/LinkButton';
import { ResourcePage } from '../../../platform/resource';
import { projectKeys } from '../api';

/**
 * /templateManage (运营管理 › 模板管理): the tenant's project templates, whoever saved them. 新增模板
 * starts one from a flow of 项目流程 with 运营设置's declaration settings and a blank declaration
 * form; 编辑 opens it in the project wizard (flow, settings, elements, then its form), 重命名 here;
 * 用此模板创建 starts a project from it.
 */
export default function TemplatesPage() {
  const navigate = useNavigate();
  const can = useCan();
  const queryClient = useQueryClient();
  return (
    <ResourcePage
      contract={PROJECT_TEMPLATES}
      keywordPlaceholder="模板名称"
      editVerb="重命名"
      actionWidth={250}
      cells={{
        name: (r) => <Typography.Text strong>{r.name}</Typography.Text>,
        stageText: (r) => r.stageText,
        formPublished: (r) => (r.formPublished ? <Tag color="success">已发布</Tag> : <Tag color="warning">未发布</Tag>),
      }}
      rowActions={(r) => (
        <>
          {can(P.management.add) && (
            <LinkButton onClick={() => void navigate(`/projectWizard?templateId=${r.id}`)}>用此模板创建</LinkButton>
          )}
          {can(P.management.edit) && (
            <LinkButton onClick={() => void navigate(`/projectWizard?id=${r.id}`)}>编辑</LinkButton>
          )}
        </>
      )}
      onChanged={() => void queryClient.invalidateQueries({ queryKey: projectKeys.all })}
      title={O.templates.name}
    />
  );
}
