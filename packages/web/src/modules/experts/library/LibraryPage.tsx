import type { ActionType } from '@ant-design/pro-components';
import {
  EXPERT_PAGES,
  EXPERTS,
  ExpertStatus,
  expertStatusName,
  type TExpert,
  type TExpertQuery,
} from '@shetuan/shared/experts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Form, Grid, Input, Popconfirm, Row, Space, Tag } from 'antd';
import { useMemo, useRef, useState } from 'react';
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

type Filters = Pick<TExpertQuery, 'domainId' | 'labelId' | 'regionCode'>;

/**
 * The search form's filters beyond the kit's (关键词, 状态): the domain tree, a label and a region.
 * They reach the list as the page's fixed filters, so the export takes them too.
 */
function MoreFilters({ value, onChange }: { value: Filters; onChange: (f: Filters) => void }) {
  const set = (patch: Partial<Filters>) => onChange({ ...value, ...patch });
  const any = value.domainId !== undefined || value.labelId !== undefined || value.regionCode !== undefined;
  // A phone stacks each label over its control; wider screens keep them side by side in a row.
  const compact = !Grid.useBreakpoint().md;
  const item = { style: { marginBottom: compact ? 12 : 16 } };
  return (
    <Card size="small" style={{ marginBottom: 16 }} styles={{ body: { paddingBottom: 0 } }}>
      <Form
        layout={compact ? 'vertical' : 'horizontal'}
        labelCol={compact ? undefined : { flex: '72px' }}
        wrapperCol={compact ? undefined : { flex: 'auto' }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12} xl={7}>
            <Form.Item label="专业领域" htmlFor="expert-filter-domain" {...item}>
              <DomainTreeSelect
                id="expert-filter-domain"
                value={value.domainId ?? null}
                onChange={(v) => set({ domainId: typeof v === 'number' ? v : undefined })}
                placeholder="全部领域（含下级）"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item label="标签" htmlFor="expert-filter-label" {...item}>
              <OptionSelect
                id="expert-filter-label"
                list="labels"
                value={value.labelId ?? null}
                onChange={(v) => set({ labelId: typeof v === 'number' ? v : undefined })}
                placeholder="全部标签"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item label="所在地区" htmlFor="expert-filter-region" {...item}>
              <RegionField
                id="expert-filter-region"
                value={value.regionCode ?? ''}
                onChange={(code) => set({ regionCode: code || undefined })}
                placeholder="省/市/区（可只选到省或市）"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={3}>
            <Form.Item {...item}>
              <Button disabled={!any} onClick={() => onChange({})}>
                清空筛选
              </Button>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}

/**
 * /expertManagement (专家管理): the library through the resource kit — search by keyword, status,
 * domain (with the domains below it), label and region; 详情, 启用/停用, 编辑, 删除, 导出.
 */
export default function LibraryPage() {
  const can = useCan();
  const table = useRef<ActionType | undefined>(undefined);
  const [filters, setFilters] = useState<Filters>({});
  // Memoised: the list reloads when the fixed filters change.
  const fixed = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''),
      ) as Partial<TExpertQuery>,
    [filters],
  );
  return (
    <>
      <MoreFilters value={filters} onChange={setFilters} />
      <ResourcePage
        contract={EXPERTS}
        actionRef={table}
        fixed={fixed}
        keywordPlaceholder="姓名、手机号或工作单位"
        formWidth={640}
        actionWidth={210}
        widgets={EXPERT_WIDGETS}
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
    </>
  );
}
