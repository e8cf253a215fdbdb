import { PlusOutlined } from '@ant-design/icons';
import {
  type ActionType,
  ModalForm,
  type ProColumns,
  ProFormCheckbox,
  ProFormRadio,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { type TUserRow, tenantUserStatusNames, type UserListKind, UserType } from '@shetuan/shared/identity';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tag } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { feedback } from '../../app/feedback';
import { apiCall, routePath } from '../../app/typed-api';
import { useCan } from '../../platform/auth/can';
import { LinkButton } from '../../platform/components/LinkButton';
import { ListPage } from '../../platform/components/ListPage';
import { identityAdminKeys } from './keys';
import { UserFields, type UserFormValues, userCreateBody, userUpdateBody } from './UserFields';
import {
  type AddedList,
  addPathOf,
  type EditedList,
  editPathOf,
  listOf,
  type ReviewedList,
  takesAdds,
  USER_LIST_SCREENS,
  type UserList,
} from './user-screens';

function AssignRoles({ user, onSaved }: { user: TUserRow; onSaved: () => void }) {
  const roles = useQuery({
    queryKey: identityAdminKeys.roleOptions(),
    queryFn: async () => (await apiCall.get('/rbac/roles/options')).list,
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
        await apiCall.put('/identity/identities/{id}/roles', {
          path: { id: values.identityId },
          body: { roleIds: values.roleIds ?? [] },
        });
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

function ResetPassword({ kind, user }: { kind: UserList<EditedList>; user: TUserRow }) {
  return (
    <ModalForm<{ password: string }>
      title={`重置密码：${user.name}`}
      trigger={<LinkButton>重置密码</LinkButton>}
      width={420}
      modalProps={{ destroyOnHidden: true }}
      onFinish={async (values) => {
        await apiCall.post(`${kind.api}/{id}/password`, { path: { id: user.userId }, body: values });
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

/** Edit a person of a list that edits, or add one to a list that adds. */
type DialogTarget = { kind: UserList<EditedList>; user: TUserRow } | { kind: UserList<AddedList>; user?: undefined };

/** Add or edit in a dialog, for the lists without form pages. */
function UserDialog({ kind, user, userType, onSaved }: DialogTarget & { userType: number; onSaved: () => void }) {
  const mode = user ? 'edit' : 'add';
  const label = kind.adds.find((a) => a.userType === userType)?.label ?? '新增用户';
  return (
    <ModalForm<UserFormValues>
      title={user ? `编辑：${user.name}` : label}
      trigger={
        user ? (
          <LinkButton>编辑</LinkButton>
        ) : (
          <Button type="primary" icon={<PlusOutlined />}>
            {label}
          </Button>
        )
      }
      width={520}
      modalProps={{ destroyOnHidden: true }}
      initialValues={user ? { name: user.name, status: user.status, deptId: user.deptId ?? undefined } : undefined}
      onFinish={async (values) => {
        if (user) await apiCall.put(`${kind.api}/{id}`, { path: { id: user.userId }, body: userUpdateBody(values) });
        else await apiCall.post(kind.api, { body: userCreateBody(kind, userType, values) });
        void feedback.message.success(user ? '保存成功' : '新增成功，首次登录须修改密码');
        onSaved();
        return true;
      }}
    >
      <UserFields kind={kind} userType={userType} mode={mode} />
    </ModalForm>
  );
}

function Review({ kind, user, onSaved }: { kind: UserList<ReviewedList>; user: TUserRow; onSaved: () => void }) {
  return (
    <ModalForm<{ approved: boolean; remark: string }>
      title={`审核：${user.name}`}
      trigger={<LinkButton>审核</LinkButton>}
      width={480}
      modalProps={{ destroyOnHidden: true }}
      initialValues={{ approved: true, remark: '' }}
      onFinish={async (values) => {
        await apiCall.post(`${kind.api}/{id}/review`, { path: { id: user.userId }, body: values });
        void feedback.message.success(values.approved ? '审核通过' : '已审核不通过');
        onSaved();
        return true;
      }}
    >
      <ProFormRadio.Group
        name="approved"
        label="审核结果"
        options={[
          { value: true, label: '通过' },
          { value: false, label: '不通过' },
        ]}
      />
      <ProFormTextArea
        name="remark"
        label="审核意见"
        placeholder="不通过时必填，申请人登录时可以看到"
        fieldProps={{ maxLength: 200, showCount: true }}
        dependencies={['approved']}
        rules={[
          ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
            validator: async (_: unknown, value: string) => {
              if (getFieldValue('approved') === false && !value?.trim()) throw new Error('请填写不通过的原因');
            },
          }),
        ]}
      />
    </ModalForm>
  );
}

const NO_FILTER = {};
const STATUS_COLOURS: Record<number, string> = { 1: 'success', 0: 'default', 2: 'processing', 3: 'error' };

/**
 * /user-management, /user-audit, /social-user-management, /enterprise-user-management: one
 * screen configured by USER_LIST_SCREENS (tabs, where adding and editing happen, reviewing).
 */
export default function UserListPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const can = useCan();
  const ref = useRef<ActionType | undefined>(undefined);
  const screen = USER_LIST_SCREENS[pathname];
  const [tab, setTab] = useState(screen?.tabs[0]?.key ?? '');
  // One object per tab: ProTable reloads whenever its params object changes.
  const query = useMemo(() => screen?.tabs.find((t) => t.key === tab)?.query ?? NO_FILTER, [screen, tab]);
  if (!screen) return null;
  const kind = listOf(screen.list);
  const reload = () => void ref.current?.reload();
  const canEdit = can(kind.page.edit);

  const columns: ProColumns<TUserRow>[] = [
    { title: '姓名', dataIndex: 'name', width: 110 },
    { title: '手机号', dataIndex: 'mobile', width: 130 },
    { title: '用户类型', dataIndex: 'userTypeName', width: 90 },
    ...(screen.list === 'staff' ? [{ title: '部门', dataIndex: 'deptName', width: 110 } as ProColumns<TUserRow>] : []),
    {
      title: screen.review ? '身份' : '身份与角色',
      dataIndex: 'identities',
      width: screen.review ? 200 : undefined,
      render: (_, row) => (
        <Space direction="vertical" size={2}>
          {row.identities.map((i) => (
            <span key={i.identityId}>
              {i.identityName}
              {i.orgName ? `（${i.orgName}）` : ''}
              {!screen.review && '：'}
              {!screen.review &&
                (i.roles.length ? (
                  i.roles.map((r) => <Tag key={r.id}>{r.name}</Tag>)
                ) : (
                  <Tag color="warning">未分配角色</Tag>
                ))}
            </span>
          ))}
        </Space>
      ),
    },
    ...(screen.review
      ? [{ title: '审核意见', dataIndex: 'reviewRemark', ellipsis: true } as ProColumns<TUserRow>]
      : []),
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (_, r) => <Tag color={STATUS_COLOURS[r.status]}>{tenantUserStatusNames[r.status]}</Tag>,
    },
    { title: screen.review ? '注册时间' : '加入时间', dataIndex: 'createdAt', valueType: 'dateTime', width: 170 },
    {
      title: '操作',
      valueType: 'option',
      width: 220,
      render: (_, row) => {
        if (!canEdit) return null;
        if (screen.review) return <Review kind={listOf(screen.list)} user={row} onSaved={reload} />;
        const edited = listOf(screen.list);
        return (
          <Space size={4}>
            {screen.editOn === 'page' ? (
              <LinkButton onClick={() => void navigate(editPathOf(row.userType, row.userId))}>编辑</LinkButton>
            ) : (
              <UserDialog kind={edited} userType={row.userType} user={row} onSaved={reload} />
            )}
            {screen.list === 'staff' && row.identities.length > 0 && <AssignRoles user={row} onSaved={reload} />}
            <ResetPassword kind={edited} user={row} />
          </Space>
        );
      },
    },
  ];

  const addKey = (kind.page as UserListKind['page']).add;
  const adds =
    addKey && can(addKey) && takesAdds(kind)
      ? kind.adds.map((a) =>
          screen.editOn === 'page' ? (
            <Button
              key={a.userType}
              type={a.userType === UserType.PERSONAL ? 'primary' : 'default'}
              icon={<PlusOutlined />}
              onClick={() => void navigate(addPathOf(a.userType))}
            >
              {a.label}
            </Button>
          ) : (
            <UserDialog key={a.userType} kind={kind} userType={a.userType} onSaved={reload} />
          ),
        )
      : [];

  return (
    <ListPage<TUserRow & Record<string, unknown>>
      title={kind.title}
      rowKey="userId"
      path={routePath('get', kind.api)}
      params={query}
      tabs={{ items: screen.tabs.map((t) => ({ key: t.key, label: t.label })), activeKey: tab, onChange: setTab }}
      exportPath={can(kind.page.export) ? routePath('get', `${kind.api}/export`) : undefined}
      exportJobPath={routePath('post', `${kind.api}/export-jobs`)}
      exportName={kind.title}
      searchPlaceholder="姓名、手机号或账号"
      actionRef={ref}
      columns={columns as ProColumns<TUserRow & Record<string, unknown>>[]}
      toolbar={adds}
    />
  );
}
