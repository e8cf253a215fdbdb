import {
  type ActionType,
  ModalForm,
  type ProColumns,
  ProFormCheckbox,
  ProFormSelect,
} from '@ant-design/pro-components';
import type { TUserRow } from '@shetuan/shared/identity';
import { useQuery } from '@tanstack/react-query';
import { Space, Tag } from 'antd';
import { useRef } from 'react';
import { feedback } from '../../app/feedback';
import { api } from '../../app/request';
import { useCan } from '../../platform/auth/can';
import { LinkButton } from '../../platform/components/LinkButton';
import { ListPage } from '../../platform/components/ListPage';

export const identityAdminKeys = {
  all: ['identity-admin'] as const,
  roleOptions: () => [...identityAdminKeys.all, 'role-options'] as const,
};

function AssignRoles({ user, onSaved }: { user: TUserRow; onSaved: () => void }) {
  const roles = useQuery({
    queryKey: identityAdminKeys.roleOptions(),
    queryFn: async () => (await api.get<{ list: { id: number; name: string }[] }>('/rbac/roles/options')).list,
  });
  const first = user.identities[0];
  return (
    <ModalForm<{ identityId: number; roleIds: number[] }>
      title={`分配角色：${user.name}`}
      trigger={<LinkButton>分配角色</LinkButton>}
      width={560}
      modalProps={{ destroyOnHidden: true }}
      initialValues={first ? { identityId: first.identityId, roleIds: first.roles.map((r) => r.id) } : undefined}
      onFinish={async (values) => {
        await api.request(`/identity/identities/${values.identityId}/roles`, 'PUT', { roleIds: values.roleIds ?? [] });
        void feedback.message.success('角色已分配');
        onSaved();
        return true;
      }}
    >
      <ProFormSelect
        name="identityId"
        label="身份"
        rules={[{ required: true, message: '请选择身份' }]}
        options={user.identities.map((i) => ({
          value: i.identityId,
          label: `${i.identityName}（${i.orgName || '—'}）`,
        }))}
      />
      <ProFormCheckbox.Group
        name="roleIds"
        label="角色"
        options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
      />
    </ModalForm>
  );
}

/** /user-management: the people of the tenant, their identities and roles. */
export default function UserManagementPage() {
  const can = useCan();
  const ref = useRef<ActionType | undefined>(undefined);
  const columns: ProColumns<TUserRow>[] = [
    { title: '姓名', dataIndex: 'name', width: 120 },
    { title: '手机号', dataIndex: 'mobile', width: 130 },
    { title: '账号', dataIndex: 'account', width: 110 },
    {
      title: '身份与角色',
      dataIndex: 'identities',
      render: (_, row) => (
        <Space direction="vertical" size={2}>
          {row.identities.map((i) => (
            <span key={i.identityId}>
              {i.identityName}
              {i.orgName ? `（${i.orgName}）` : ''}：
              {i.roles.length ? (
                i.roles.map((r) => <Tag key={r.id}>{r.name}</Tag>)
              ) : (
                <Tag color="warning">未分配角色</Tag>
              )}
            </span>
          ))}
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      valueEnum: { 1: { text: '正常', status: 'Success' }, 0: { text: '停用', status: 'Default' } },
    },
    { title: '加入时间', dataIndex: 'createdAt', valueType: 'dateTime', width: 170 },
    {
      title: '操作',
      valueType: 'option',
      width: 110,
      render: (_, row) =>
        can('/user-management:edit') && row.identities.length > 0 ? (
          <AssignRoles user={row} onSaved={() => void ref.current?.reload()} />
        ) : null,
    },
  ];
  return (
    <ListPage<TUserRow & Record<string, unknown>>
      title="用户管理"
      rowKey="userId"
      path="/identity/users"
      exportPath={can('/user-management:export') ? '/identity/users/export' : undefined}
      exportName="用户列表"
      searchPlaceholder="姓名、手机号或账号"
      actionRef={ref}
      columns={columns as ProColumns<TUserRow & Record<string, unknown>>[]}
    />
  );
}
