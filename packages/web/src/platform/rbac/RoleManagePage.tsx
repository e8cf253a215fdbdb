import { type ActionType, ModalForm, type ProColumns, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import type { TRole, TRoleInput } from '@shetuan/shared/rbac';
import { PLATFORM_PAGES } from '@shetuan/shared/rbac';
import { Space } from 'antd';
import { type ReactElement, useRef } from 'react';
import { Link } from 'react-router';
import { useCan } from '../auth/can';
import { DeleteAction } from '../components/DeleteAction';
import { LinkButton } from '../components/LinkButton';
import { ListPage } from '../components/ListPage';
import { AddButton, saveRecord } from '../components/save';

function RoleForm({ trigger, initial, onSaved }: { trigger: ReactElement; initial?: TRole; onSaved: () => void }) {
  return (
    <ModalForm<TRoleInput>
      title={initial ? '编辑角色' : '新增角色'}
      trigger={trigger}
      width={480}
      modalProps={{ destroyOnHidden: true }}
      initialValues={initial ? { name: initial.name, remark: initial.remark } : undefined}
      onFinish={async (values) => {
        await saveRecord('/rbac/roles', initial?.id, values);
        onSaved();
        return true;
      }}
    >
      <ProFormText
        name="name"
        label="角色名称"
        placeholder="请输入角色名称"
        rules={[
          { required: true, message: '请输入角色名称' },
          { max: 30, message: '角色名称最多30个字' },
        ]}
      />
      <ProFormTextArea
        name="remark"
        label="备注"
        placeholder="角色的职责说明"
        fieldProps={{ maxLength: 200, showCount: true }}
      />
    </ModalForm>
  );
}

/** /roleManage: roles of the tenant. */
export default function RoleManagePage() {
  const can = useCan();
  const ref = useRef<ActionType | undefined>(undefined);
  const reload = () => void ref.current?.reload();
  const columns: ProColumns<TRole>[] = [
    { title: '角色名称', dataIndex: 'name', width: 180 },
    { title: '备注', dataIndex: 'remark', ellipsis: true },
    { title: '菜单数', dataIndex: 'menuCount', width: 90, align: 'right' },
    { title: '已分配身份', dataIndex: 'identityCount', width: 110, align: 'right' },
    { title: '创建时间', dataIndex: 'createdAt', valueType: 'dateTime', width: 180 },
    {
      title: '操作',
      valueType: 'option',
      width: 260,
      render: (_, row) => (
        <Space>
          {can(PLATFORM_PAGES.role.edit) && (
            <RoleForm trigger={<LinkButton>编辑</LinkButton>} initial={row} onSaved={reload} />
          )}
          <Link to={`/roleManageDetail?id=${row.id}`}>详情</Link>
          <Link to={`/jurisdiction?roleId=${row.id}`}>配置权限</Link>
          {can(PLATFORM_PAGES.role.delete) && (
            <DeleteAction title={`删除角色“${row.name}”？`} path={`/rbac/roles/${row.id}`} onDone={reload} />
          )}
        </Space>
      ),
    },
  ];
  return (
    <ListPage<TRole & Record<string, unknown>>
      title="角色管理"
      rowKey="id"
      path="/rbac/roles"
      exportPath={can(PLATFORM_PAGES.role.export) ? '/rbac/roles/export' : undefined}
      exportName="角色列表"
      searchPlaceholder="角色名称"
      actionRef={ref}
      columns={columns as ProColumns<TRole & Record<string, unknown>>[]}
      toolbar={
        can(PLATFORM_PAGES.role.add)
          ? [<RoleForm key="add" trigger={<AddButton>新增角色</AddButton>} onSaved={reload} />]
          : []
      }
    />
  );
}
