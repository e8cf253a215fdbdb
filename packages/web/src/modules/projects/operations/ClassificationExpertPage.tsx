import { CATEGORY_DOMAINS, OPERATION_PAGES as O } from '@shetuan/shared/projects';
import { useQuery } from '@tanstack/react-query';
import { Alert, Space, Tag } from 'antd';
import { useMemo } from 'react';
import { FormTreeSelect } from '../../../platform/components/form-controls';
import { ResourcePage } from '../../../platform/resource';
import { domainOptionsApi, opsKeys } from './api';
import { InlineLink } from './InlineLink';

interface DomainNode {
  value: number;
  title: string;
  label: string;
  children: DomainNode[];
}

/** The expert library's domains as a tree (the options carry the full path as their name). */
function useDomainTree() {
  const domains = useQuery({ queryKey: opsKeys.domains(), queryFn: async () => (await domainOptionsApi.list()).list });
  const tree = useMemo(() => {
    const nodes = new Map<number, DomainNode>();
    for (const d of domains.data ?? [])
      nodes.set(d.id, { value: d.id, title: d.name.split(' / ').at(-1) ?? d.name, label: d.name, children: [] });
    const roots: DomainNode[] = [];
    for (const d of domains.data ?? []) {
      const node = nodes.get(d.id) as DomainNode;
      const parent = d.parentId ? nodes.get(d.parentId) : undefined;
      if (parent) parent.children.push(node);
      else roots.push(node);
    }
    return roots;
  }, [domains.data]);
  return { tree, loading: domains.isPending, empty: !domains.isPending && (domains.data ?? []).length === 0 };
}

function DomainsSelect(props: { id?: string; value?: number[]; onChange?: (v: number[]) => void }) {
  const { tree, loading } = useDomainTree();
  return (
    <FormTreeSelect<number[]>
      {...props}
      onChange={(v) => props.onChange?.(v ?? [])}
      multiple
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeNodeLabelProp="label"
      treeDefaultExpandAll
      loading={loading}
      treeData={tree}
      placeholder="请选择专家库的专业领域"
      style={{ width: '100%' }}
    />
  );
}

/**
 * /classificationExpert (运营管理 › 专家分类): which expert domains review each project category. A
 * declaration that names no 申报领域 is allocated, preferably, to experts of its project category's
 * domains (or below them), while 评审设置 keeps 按专家分类匹配 on.
 */
export default function ClassificationExpertPage() {
  const { empty } = useDomainTree();
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      {empty && (
        <Alert
          type="info"
          showIcon
          message="专家库还没有专业领域"
          description="请先在“专家领域分类”中建立专业领域，再为项目类别设置评审领域。"
        />
      )}
      <ResourcePage
        contract={CATEGORY_DOMAINS}
        keywordPlaceholder="项目类别"
        widgets={{ domainIds: <DomainsSelect /> }}
        cells={{
          domainText: (r) => (
            <Space size={4} wrap>
              {r.domainText.split('、').map((name) => (
                <Tag key={name} color="purple">
                  {name}
                </Tag>
              ))}
            </Space>
          ),
        }}
      />
      <Alert
        type="info"
        showIcon
        message={
          <>
            项目类别在 <InlineLink to={O.elementsEditing.path}>项目要素编辑</InlineLink> 中维护；是否按专家分类匹配在{' '}
            <InlineLink to={O.reviewSettings.path}>评审设置</InlineLink> 中设置。
          </>
        }
      />
    </Space>
  );
}
