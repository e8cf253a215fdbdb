import { orgTypeNames } from '@shetuan/shared';
import { ORG_CATEGORIES, UNIT_TYPE_CODES } from '@shetuan/shared/projects';
import { useQueryClient } from '@tanstack/react-query';
import { Space, Tag } from 'antd';
import { FormSelect } from '../../../platform/components/form-controls';
import { ResourcePage } from '../../../platform/resource';
import { opsKeys } from './api';

const OPTIONS = UNIT_TYPE_CODES.map((code) => ({ value: code, label: orgTypeNames[code] }));

/** The unit types of a category: the spec's organisation codes. */
function UnitTypeSelect(props: { id?: string; value?: number[]; onChange?: (v: number[]) => void }) {
  return (
    <FormSelect<number[]>
      {...props}
      onChange={(v) => props.onChange?.(v ?? [])}
      mode="multiple"
      allowClear
      placeholder="请选择单位类型"
      optionFilterProp="label"
      options={OPTIONS}
      style={{ width: '100%' }}
    />
  );
}

/**
 * /organizationCategory (运营管理 › 组织类别): named groups of unit types (高等院校, 企业, 学会 …). The
 * wizard's 申报单位类型 adds a whole category at a time, and 运营设置 does for the default.
 */
export default function OrgCategoryPage() {
  const queryClient = useQueryClient();
  return (
    <ResourcePage
      contract={ORG_CATEGORIES}
      keywordPlaceholder="类别名称"
      widgets={{ orgTypes: <UnitTypeSelect /> }}
      cells={{
        orgTypeText: (r) => (
          <Space size={4} wrap>
            {r.orgTypes.map((code) => (
              <Tag key={code}>{orgTypeNames[code as keyof typeof orgTypeNames] ?? code}</Tag>
            ))}
          </Space>
        ),
      }}
      onChanged={() => void queryClient.invalidateQueries({ queryKey: opsKeys.library() })}
    />
  );
}
