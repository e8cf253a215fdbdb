import {
  type ActionType,
  ModalForm,
  type ProColumns,
  ProFormDigit,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
} from '@ant-design/pro-components';
import { orgTypeNames } from '@shetuan/shared';
import { PLATFORM_PAGES } from '@shetuan/shared/rbac';
import type { TTenantAdminRow, TTenantInput } from '@shetuan/shared/tenant';
import { Space, Tag } from 'antd';
import { type ReactElement, useRef } from 'react';
import { useActing } from '../auth/acting';
import { useSessionInfo } from '../auth/api';
import { useCan } from '../auth/can';
import { LinkButton } from '../components/LinkButton';
import { ListPage } from '../components/ListPage';
import { AddButton, saveRecord } from '../components/save';
import { StatusRadio, StatusTag } from '../components/status';

const CUSTOM_TYPES = [
  { value: 0, label: '标准' },
  { value: 14, label: '14 独立文件存储' },
  { value: 20, label: '20 菜单分组' },
  { value: 31, label: '31 隐藏问答库' },
  { value: 34, label: '34 会员资料完整性检查' },
];

function TenantForm({
  trigger,
  initial,
  onSaved,
}: {
  trigger: ReactElement;
  initial?: TTenantAdminRow;
  onSaved: () => void;
}) {
  return (
    <ModalForm<TTenantInput>
      title={initial ? '编辑租户' : '开通租户'}
      trigger={trigger}
      width={560}
      modalProps={{ destroyOnHidden: true }}
      initialValues={initial ?? { status: 1, customType: 0, modeSwitcher: false }}
      onFinish={async (values) => {
        await saveRecord('/platform/tenants', initial?.id, values);
        onSaved();
        return true;
      }}
    >
      <ProFormText name="companyName" label="机构名称" rules={[{ required: true, message: '请输入机构名称' }]} />
      <ProFormDigit
        name="companyId"
        label="机构编号"
        min={1}
        fieldProps={{ precision: 0 }}
        rules={[{ required: true, message: '请输入机构编号' }]}
      />
      <ProFormSelect
        name="companyType"
        label="机构类型"
        rules={[{ required: true, message: '请选择机构类型' }]}
        options={Object.entries(orgTypeNames).map(([value, label]) => ({ value: Number(value), label }))}
      />
      <ProFormSelect
        name="domains"
        label="访问域名"
        mode="tags"
        tooltip="只填主机名，回车添加多个，例如 kx.example.cn"
        rules={[{ required: true, message: '请至少填写一个访问域名' }]}
      />
      <ProFormText name="icon" label="图标地址" placeholder="留空使用默认图标 /new/logo.png" />
      <ProFormText name="mobileDomain" label="移动端域名" />
      <ProFormSelect name="customType" label="定制类型" options={CUSTOM_TYPES} />
      <ProFormSwitch
        name="modeSwitcher"
        label="当前模式切换"
        tooltip="开启后，页头显示“当前模式”，可在标准菜单与分组菜单之间切换"
      />
      <StatusRadio activeLabel="启用" />
    </ModalForm>
  );
}

/** /tenant: the tenants of the platform (operations super administrators). */
export default function TenantManagePage() {
  const can = useCan();
  const acting = useActing();
  const info = useSessionInfo();
  const ref = useRef<ActionType | undefined>(undefined);
  const reload = () => void ref.current?.reload();
  const columns: ProColumns<TTenantAdminRow>[] = [
    { title: '编号', dataIndex: 'id', width: 70 },
    {
      title: '机构名称',
      dataIndex: 'companyName',
      render: (_, r) => (
        <Space>
          <img src={r.icon || '/new/logo.png'} alt="" width={20} height={20} style={{ borderRadius: 4 }} />
          {r.companyName}
          {r.isDefault && <Tag color="blue">默认</Tag>}
        </Space>
      ),
    },
    { title: '访问域名', dataIndex: 'domains', render: (_, r) => r.domains.map((d) => <Tag key={d}>{d}</Tag>) },
    { title: '定制类型', dataIndex: 'customType', width: 90 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (_, r) => <StatusTag status={r.status} activeLabel="启用" />,
    },
    { title: '开通时间', dataIndex: 'createdAt', valueType: 'dateTime', width: 170 },
    {
      title: '操作',
      valueType: 'option',
      width: 160,
      render: (_, row) => (
        <Space size={4}>
          {can(PLATFORM_PAGES.tenant.edit) && (
            <TenantForm trigger={<LinkButton>编辑</LinkButton>} initial={row} onSaved={reload} />
          )}
          {row.status === 1 && row.id !== info.data?.tenantId && row.id !== acting.acting?.tenantId && (
            <LinkButton onClick={() => void acting.enter(row.id)}>进入租户</LinkButton>
          )}
        </Space>
      ),
    },
  ];
  return (
    <ListPage<TTenantAdminRow & Record<string, unknown>>
      title="租户管理"
      rowKey="id"
      path="/platform/tenants"
      exportPath={can(PLATFORM_PAGES.tenant.export) ? '/platform/tenants/export' : undefined}
      exportName="租户列表"
      searchPlaceholder="机构名称"
      actionRef={ref}
      columns={columns as ProColumns<TTenantAdminRow & Record<string, unknown>>[]}
      toolbar={
        can(PLATFORM_PAGES.tenant.add)
          ? [<TenantForm key="add" trigger={<AddButton>开通租户</AddButton>} onSaved={reload} />]
          : []
      }
    />
  );
}
