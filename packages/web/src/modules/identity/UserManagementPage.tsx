import { PlusOutlined } from '@ant-design/icons';
import {
  type ActionType,
  ModalForm,
  type ProColumns,
  ProFormCheckbox,
  ProFormRadio,
  ProFormSelect,
  ProFormText,
} from '@ant-design/pro-components';
import { identityNames } from '@shetuan/shared';
import type { TUserCreate, TUserRow } from '@shetuan/shared/identity';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tag } from 'antd';
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

const IDENTITY_OPTIONS = Object.entries(identityNames).map(([value, label]) => ({
  value: Number(value),
  label: `${label}（${value}）`,
}));

function AddUser({ onSaved }: { onSaved: () => void }) {
  const orgs = useQuery({
    queryKey: [...identityAdminKeys.all, 'org-options'],
    queryFn: async () => (await api.get<{ list: { id: number; name: string }[] }>('/org/orgs/options')).list,
  });
  return (
    <ModalForm<TUserCreate>
      title="新增用户"
      trigger={
        <Button type="primary" icon={<PlusOutlined />}>
          新增用户
        </Button>
      }
      width={520}
      modalProps={{ destroyOnHidden: true }}
      onFinish={async (values) => {
        const res = await api.post<{ existed: boolean }>('/identity/users', { ...values, orgId: values.orgId ?? null });
        void feedback.message.success(
          res.existed ? '该手机号已注册，已将其加入本机构' : '新增成功，首次登录须修改密码',
        );
        onSaved();
        return true;
      }}
    >
      <ProFormText name="name" label="姓名" rules={[{ required: true, message: '请输入姓名' }]} />
      <ProFormText
        name="mobile"
        label="手机号"
        rules={[
          { required: true, message: '请输入手机号' },
          { pattern: /^1[3-9]\d{9}$/, message: '请输入正确的手机号' },
        ]}
      />
      <ProFormSelect
        name="identityCode"
        label="身份"
        showSearch
        options={IDENTITY_OPTIONS}
        rules={[{ required: true, message: '请选择身份' }]}
      />
      <ProFormSelect
        name="orgId"
        label="所属单位"
        showSearch
        allowClear
        options={(orgs.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
      />
      <ProFormText.Password
        name="password"
        label="初始密码"
        tooltip="首次登录须修改；手机号已注册的，沿用其原密码"
        rules={[
          { required: true, message: '请输入初始密码' },
          { min: 6, message: '密码最少为6位字符' },
        ]}
      />
    </ModalForm>
  );
}

function EditUser({ user, onSaved }: { user: TUserRow; onSaved: () => void }) {
  return (
    <ModalForm<{ name: string; status: number }>
      title={`编辑用户：${user.name}`}
      trigger={<LinkButton>编辑</LinkButton>}
      width={440}
      modalProps={{ destroyOnHidden: true }}
      initialValues={{ name: user.name, status: user.status }}
      onFinish={async (values) => {
        await api.request(`/identity/users/${user.userId}`, 'PUT', values);
        void feedback.message.success('保存成功');
        onSaved();
        return true;
      }}
    >
      <ProFormText name="name" label="姓名" rules={[{ required: true, message: '请输入姓名' }]} />
      <ProFormRadio.Group
        name="status"
        label="状态"
        tooltip="停用后，该用户在本机构的登录立即失效"
        options={[
          { value: 1, label: '正常' },
          { value: 0, label: '停用' },
        ]}
      />
    </ModalForm>
  );
}

function ResetPassword({ user }: { user: TUserRow }) {
  return (
    <ModalForm<{ password: string }>
      title={`重置密码：${user.name}`}
      trigger={<LinkButton>重置密码</LinkButton>}
      width={420}
      modalProps={{ destroyOnHidden: true }}
      onFinish={async (values) => {
        await api.post(`/identity/users/${user.userId}/password`, values);
        void feedback.message.success('密码已重置，该用户下次登录须修改密码');
        return true;
      }}
    >
      <ProFormText.Password
        name="password"
        label="新密码"
        rules={[
          { required: true, message: '请输入新密码' },
          { min: 6, message: '密码最少为6位字符' },
        ]}
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
      width: 220,
      render: (_, row) =>
        can('/user-management:edit') ? (
          <Space size={4}>
            <EditUser user={row} onSaved={() => void ref.current?.reload()} />
            {row.identities.length > 0 && <AssignRoles user={row} onSaved={() => void ref.current?.reload()} />}
            <ResetPassword user={row} />
          </Space>
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
      toolbar={can('/user-management:add') ? [<AddUser key="add" onSaved={() => void ref.current?.reload()} />] : []}
    />
  );
}
