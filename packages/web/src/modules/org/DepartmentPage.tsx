import {
  type ActionType,
  ModalForm,
  type ProColumns,
  ProFormDigit,
  ProFormSelect,
  ProFormText,
} from '@ant-design/pro-components';
import type { TDepartment, TDepartmentInput } from '@shetuan/shared/org';
import { ORG_PAGES } from '@shetuan/shared/org';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Space } from 'antd';
import { type ReactElement, useRef } from 'react';
import { api } from '../../app/request';
import { useCan } from '../../platform/auth/can';
import { DeleteAction } from '../../platform/components/DeleteAction';
import { LinkButton } from '../../platform/components/LinkButton';
import { ListPage } from '../../platform/components/ListPage';
import { AddButton, saveRecord } from '../../platform/components/save';
import { StatusRadio, StatusTag } from '../../platform/components/status';
import { orgKeys } from './keys';

function DepartmentForm({
  trigger,
  initial,
  parentId,
  onSaved,
}: {
  trigger: ReactElement;
  initial?: TDepartment;
  parentId?: number;
  onSaved: () => void;
}) {
  const options = useQuery({
    queryKey: orgKeys.departmentOptions(),
    queryFn: async () => (await api.get<{ list: { id: number; name: string }[] }>('/org/departments/options')).list,
  });
  return (
    <ModalForm<TDepartmentInput>
      title={initial ? '编辑部门' : '新增部门'}
      trigger={trigger}
      width={520}
      modalProps={{ destroyOnHidden: true }}
      initialValues={
        initial
          ? {
              name: initial.name,
              parentId: initial.parentId,
              leader: initial.leader,
              phone: initial.phone,
              sort: initial.sort,
              status: initial.status,
            }
          : { parentId: parentId ?? null, sort: 0, status: 1 }
      }
      onFinish={async (values) => {
        const body = { ...values, parentId: values.parentId ?? null };
        await saveRecord('/org/departments', initial?.id, body);
        onSaved();
        return true;
      }}
    >
      <ProFormText
        name="name"
        label="部门名称"
        rules={[
          { required: true, message: '请输入部门名称' },
          { max: 30, message: '部门名称最多30个字' },
        ]}
      />
      <ProFormSelect
        name="parentId"
        label="上级部门"
        allowClear
        showSearch
        placeholder="不选则为顶级部门"
        options={(options.data ?? []).filter((o) => o.id !== initial?.id).map((o) => ({ value: o.id, label: o.name }))}
      />
      <ProFormText name="leader" label="负责人" rules={[{ max: 20, message: '负责人最多20个字' }]} />
      <ProFormText
        name="phone"
        label="联系电话"
        rules={[{ pattern: /^([0-9-]{7,20})?$/, message: '联系电话格式不正确' }]}
      />
      <ProFormDigit name="sort" label="排序" min={0} max={9999} fieldProps={{ precision: 0 }} tooltip="数字小的在前" />
      <StatusRadio />
    </ModalForm>
  );
}

/** /departmentManage: the departments of the association's office, as a tree. */
export default function DepartmentPage() {
  const can = useCan();
  const queryClient = useQueryClient();
  const ref = useRef<ActionType | undefined>(undefined);
  const reload = () => {
    void ref.current?.reload();
    void queryClient.invalidateQueries({ queryKey: orgKeys.departmentOptions() });
  };
  const columns: ProColumns<TDepartment>[] = [
    { title: '部门名称', dataIndex: 'name', width: 240 },
    { title: '上级部门', dataIndex: 'parentName', width: 160 },
    { title: '负责人', dataIndex: 'leader', width: 100 },
    { title: '联系电话', dataIndex: 'phone', width: 140 },
    { title: '人员', dataIndex: 'staffCount', width: 70, align: 'right' },
    { title: '排序', dataIndex: 'sort', width: 70, align: 'right' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (_, r) => <StatusTag status={r.status} />,
    },
    {
      title: '操作',
      valueType: 'option',
      width: 200,
      render: (_, row) => (
        <Space>
          {can(ORG_PAGES.department.add) && (
            <DepartmentForm trigger={<LinkButton>新增下级</LinkButton>} parentId={row.id} onSaved={reload} />
          )}
          {can(ORG_PAGES.department.edit) && (
            <DepartmentForm trigger={<LinkButton>编辑</LinkButton>} initial={row} onSaved={reload} />
          )}
          {can(ORG_PAGES.department.delete) && (
            <DeleteAction title={`删除“${row.name}”？`} path={`/org/departments/${row.id}`} onDone={reload} />
          )}
        </Space>
      ),
    },
  ];
  return (
    <ListPage<TDepartment & Record<string, unknown>>
      title="部门管理"
      rowKey="id"
      path="/org/departments"
      tree
      exportPath={can(ORG_PAGES.department.export) ? '/org/departments/export' : undefined}
      exportName="部门列表"
      searchPlaceholder="部门名称或负责人"
      actionRef={ref}
      columns={columns as ProColumns<TDepartment & Record<string, unknown>>[]}
      toolbar={
        can(ORG_PAGES.department.add)
          ? [<DepartmentForm key="add" trigger={<AddButton>新增部门</AddButton>} onSaved={reload} />]
          : []
      }
    />
  );
}
