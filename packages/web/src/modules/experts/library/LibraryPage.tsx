import type { ActionType } from '@ant-design/pro-components';
import { EXPERT_PAGES, EXPERTS, ExpertStatus, expertStatusName, type TExpert } from '@shetuan/shared/experts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Popconfirm, Space, Tag } from 'antd';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { feedback } from '../../../app/feedback';
import { useCan } from '../../../platform/auth/can';
import { LinkButton } from '../../../platform/components/LinkButton';
import { ResourcePage, type ResourceWidgets } from '../../../platform/resource';
import { expertKeys, expertsApi } from './api';
import { DomainTreeSelect, OptionSelect, RegionField } from './fields';
import { canToggle, DETAIL_PATH, STATUS_TONES } from './helpers';

const P = EXPERT_PAGES.library;

/** The form's own controls: units, domains and labels from the module's choice lists, the region picker. */
export const EXPERT_WIDGETS: ResourceWidgets = {
  unitName: <Input maxLength={60} placeholder="所属单位不在列表中时填写" />,
  unitId: <OptionSelect list="units" placeholder="选择本机构的单位（可搜索）" />,
  domainIds: <DomainTreeSelect multiple placeholder="选择专业领域（可多选）" />,
  labelIds: <OptionSelect list="labels" multiple placeholder="选择标签（可多选）" />,
  avoidUnitIds: <OptionSelect list="units" multiple placeholder="选择需回避的单位（可多选）" />,
  regionCode: <RegionField />,
};

/** An expert's status as a tag, with 变更待审 beside it while an own change waits. */
export function ExpertStatusTag({ expert }: { expert: Pick<TExpert, 'status' | 'changePending'> }) {
  return (
    <Space size={4} wrap>
      <Tag color={STATUS_TONES[expert.status]} style={{ marginInlineEnd: 0 }}>
        {expertStatusName(expert.status)}
      </Tag>
      {expert.changePending && (
        <Tag color="warning" style={{ marginInlineEnd: 0 }}>
          变更待审
        </Tag>
      )}
    </Space>
  );
}

/** 启用 / 停用 with its confirmation (only for an expert of the library). */
export function ToggleStatus({
  expert,
  onDone,
  button,
}: {
  expert: Pick<TExpert, 'id' | 'name' | 'status'>;
  onDone: () => void;
  /** A button (the detail page) instead of a row's link. */
  button?: boolean;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!canToggle(expert.status)) return null;
  const disabling = expert.status === ExpertStatus.ACTIVE;
  const verb = disabling ? '停用' : '启用';
  return (
    <Popconfirm
      title={`${verb}专家“${expert.name}”？`}
      description={disabling ? '停用后不会被遴选，也不会被分配评审。' : '启用后可被遴选和分配评审。'}
      okText={verb}
      cancelText="取消"
      okButtonProps={{ danger: disabling, loading: busy }}
      onConfirm={async () => {
        setBusy(true);
        try {
          await expertsApi.setStatus(expert.id, disabling ? ExpertStatus.DISABLED : ExpertStatus.ACTIVE);
          void feedback.message.success(disabling ? '已停用' : '已启用');
          void queryClient.invalidateQueries({ queryKey: expertKeys.all });
          onDone();
        } finally {
          setBusy(false);
        }
      }}
    >
      {button ? <Button danger={disabling}>{verb}</Button> : <LinkButton danger={disabling}>{verb}</LinkButton>}
    </Popconfirm>
  );
}

/**
 * The search form's own controls (the resource kit's searchWidgets): the unit, the domain tree
 * (a domain finds the ones below it too), a label and a region at any level.
 */
export const EXPERT_SEARCH: ResourceWidgets = {
  unitId: <OptionSelect list="units" placeholder="全部单位" />,
  domainId: <DomainTreeSelect placeholder="全部领域（含下级）" />,
  labelId: <OptionSelect list="labels" placeholder="全部标签" />,
  regionCode: <RegionField placeholder="省/市/区（可只选到省或市）" />,
};

/**
 * /expertManagement (专家管理): the library through the resource kit — search by keyword, unit,
 * status, domain (with the domains below it), label and region; 详情, 启用/停用, 编辑, 删除, 导出,
 * 导入 (domains and labels by name). The same screen serves /expertManagementAll, /list-of-experts
 * and the regional lists (its title given), and /expertAdd opens 新增 on arrival.
 */
export default function LibraryPage({ title, startCreating }: { title?: string; startCreating?: boolean } = {}) {
  const can = useCan();
  const table = useRef<ActionType | undefined>(undefined);
  return (
    <ResourcePage
      contract={EXPERTS}
      actionRef={table}
      title={title}
      startCreating={startCreating}
      keywordPlaceholder="姓名、手机号或工作单位"
      formWidth={640}
      actionWidth={210}
      widgets={EXPERT_WIDGETS}
      searchWidgets={EXPERT_SEARCH}
      cells={{
        name: (r) => <Link to={`${DETAIL_PATH}?id=${r.id}`}>{r.name}</Link>,
        status: (r) => <ExpertStatusTag expert={r} />,
        regionName: (r) => r.regionName || '—',
      }}
      rowActions={(row) => (
        <>
          <Link to={`${DETAIL_PATH}?id=${row.id}`}>详情</Link>
          {can(P.edit) && <ToggleStatus expert={row} onDone={() => void table.current?.reload()} />}
        </>
      )}
    />
  );
}
