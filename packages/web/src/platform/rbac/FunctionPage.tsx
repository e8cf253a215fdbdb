import { type ActionType, ModalForm, type ProColumns, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import type { TFunctionInput, TFunctionRow, TMenuNode } from '@shetuan/shared/rbac';
import { PLATFORM_PAGES } from '@shetuan/shared/rbac';
import { useQuery } from '@tanstack/react-query';
import { Space } from 'antd';
import { type ReactElement, useRef } from 'react';
import { api } from '../../app/request';
import { useCan } from '../auth/can';
import { DeleteAction } from '../components/DeleteAction';
import { LinkButton } from '../components/LinkButton';
import { ListPage } from '../components/ListPage';
import { AddButton, saveRecord } from '../components/save';
import { rbacKeys } from './JurisdictionPage';

function flatten(nodes: TMenuNode[]): TMenuNode[] {
  return nodes.flatMap((m) => [m, ...flatten(m.children)]);
}

function FunctionForm({
  trigger,
  initial,
  onSaved,
}: {
  trigger: ReactElement;
  initial?: TFunctionRow;
  onSaved: () => void;
}) {
  const menus = useQuery({
    queryKey: [...rbacKeys.tree(), 'config'],
    queryFn: async () => (await api.get<{ tree: TMenuNode[] }>('/rbac/menus')).tree,
  });
  return (
    <ModalForm<TFunctionInput>
      title={initial ? '编辑功能点' : '新增功能点'}
      trigger={trigger}
      width={480}
      modalProps={{ destroyOnHidden: true }}
      initialValues={initial ? { menuId: initial.menuId, code: initial.code, name: initial.name } : undefined}
      onFinish={async (values) => {
        await saveRecord('/rbac/functions', initial?.id, values);
        onSaved();
        return true;
      }}
    >
      <ProFormSelect
        name="menuId"
        label="所属菜单"
        showSearch
        rules={[{ required: true, message: '请选择所属菜单' }]}
        options={flatten(menus.data ?? [])
          .filter((m) => m.path)
          .map((m) => ({ value: m.id, label: `${m.name}（${m.path}）` }))}
      />
      <ProFormText
        name="code"
        label="功能点代码"
        placeholder="如 publish"
        rules={[{ required: true, message: '请输入功能点代码' }]}
      />
      <ProFormText
        name="name"
        label="功能点名称"
        placeholder="如 发布"
        rules={[{ required: true, message: '请输入功能点名称' }]}
      />
    </ModalForm>
  );
}

/** /function: the buttons (function points) under each menu entry. */
export default function FunctionPage() {
  const can = useCan();
  const ref = useRef<ActionType | undefined>(undefined);
  const reload = () => void ref.current?.reload();
  const columns: ProColumns<TFunctionRow>[] = [
    { title: '所属菜单', dataIndex: 'menuName', width: 160 },
    { title: '菜单路径', dataIndex: 'menuPath', width: 220 },
    { title: '功能点代码', dataIndex: 'code', width: 140 },
    { title: '功能点名称', dataIndex: 'name' },
    {
      title: '操作',
      valueType: 'option',
      width: 130,
      render: (_, row) => (
        <Space>
          {can(PLATFORM_PAGES.function.edit) && (
            <FunctionForm trigger={<LinkButton>编辑</LinkButton>} initial={row} onSaved={reload} />
          )}
          {can(PLATFORM_PAGES.function.delete) && (
            <DeleteAction title={`删除功能点“${row.name}”？`} path={`/rbac/functions/${row.id}`} onDone={reload} />
          )}
        </Space>
      ),
    },
  ];
  return (
    <ListPage<TFunctionRow & Record<string, unknown>>
      title="功能点配置"
      rowKey="id"
      path="/rbac/functions"
      exportPath={can(PLATFORM_PAGES.function.export) ? '/rbac/functions/export' : undefined}
      exportName="功能点列表"
      searchPlaceholder="菜单、路径、代码或名称"
      actionRef={ref}
      columns={columns as ProColumns<TFunctionRow & Record<string, unknown>>[]}
      toolbar={
        can(PLATFORM_PAGES.function.add)
          ? [<FunctionForm key="add" trigger={<AddButton>新增功能点</AddButton>} onSaved={reload} />]
          : []
      }
    />
  );
}
