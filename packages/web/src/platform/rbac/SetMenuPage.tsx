import { ModalForm, ProFormDigit, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import type { TMenuInput, TMenuNode } from '@shetuan/shared/rbac';
import { PLATFORM_PAGES } from '@shetuan/shared/rbac';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Popconfirm, Space, Spin, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import type { ReactElement } from 'react';
import { feedback } from '../../app/feedback';
import { apiCall } from '../../app/typed-api';
import { authKeys } from '../auth/api';
import { useCan } from '../auth/can';
import { LinkButton } from '../components/LinkButton';
import { AddButton, saveRecord } from '../components/save';
import { rbacKeys } from './JurisdictionPage';

function MenuForm({
  trigger,
  pid,
  initial,
  onSaved,
}: {
  trigger: ReactElement;
  pid: number;
  initial?: TMenuNode;
  onSaved: () => void;
}) {
  return (
    <ModalForm<TMenuInput>
      title={initial ? `编辑菜单：${initial.name}` : pid ? '新增下级菜单' : '新增菜单分组'}
      trigger={trigger}
      width={480}
      modalProps={{ destroyOnHidden: true }}
      initialValues={
        initial
          ? { pid: initial.pid, name: initial.name, path: initial.path, hidden: initial.hidden }
          : { pid, sort: 0, hidden: false }
      }
      onFinish={async (values) => {
        const body = { ...values, pid: initial ? initial.pid : pid };
        await saveRecord('/rbac/menus', initial?.id, body);
        onSaved();
        return true;
      }}
    >
      <ProFormText
        name="name"
        label="菜单名称"
        rules={[
          { required: true, message: '请输入菜单名称' },
          { max: 30, message: '菜单名称最多30个字' },
        ]}
      />
      <ProFormText name="path" label="路径" placeholder="如 /roleManage；分组留空" />
      <ProFormDigit name="sort" label="排序" min={0} max={9999} fieldProps={{ precision: 0 }} />
      <ProFormSwitch name="hidden" label="活动级隐藏菜单" tooltip="只在进入活动后的活动级菜单中显示" />
    </ModalForm>
  );
}

/** /setMenu: the tenant's menu tree — names, paths, order, groups. */
export default function SetMenuPage() {
  const can = useCan();
  const queryClient = useQueryClient();
  const tree = useQuery({
    queryKey: [...rbacKeys.tree(), 'config'],
    queryFn: async () => (await apiCall.get('/rbac/menus')).tree,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: rbacKeys.all });
    void queryClient.invalidateQueries({ queryKey: authKeys.all });
  };
  const toData = (nodes: TMenuNode[]): DataNode[] =>
    nodes.map((m) => ({
      key: m.id,
      title: (
        <Space size={8}>
          <span>{m.name}</span>
          {m.path && <Typography.Text type="secondary">{m.path}</Typography.Text>}
          {m.hidden && <Tag>活动级</Tag>}
          {can(PLATFORM_PAGES.setMenu.edit) && (
            <MenuForm trigger={<LinkButton>编辑</LinkButton>} pid={m.pid} initial={m} onSaved={refresh} />
          )}
          {can(PLATFORM_PAGES.setMenu.add) && m.pid === 0 && (
            <MenuForm trigger={<LinkButton>新增下级</LinkButton>} pid={m.id} onSaved={refresh} />
          )}
          {can(PLATFORM_PAGES.setMenu.delete) && (
            <Popconfirm
              title={`删除“${m.name}”？其功能点和授权一并删除。`}
              okText="删除"
              cancelText="取消"
              onConfirm={async () => {
                await apiCall.delete('/rbac/menus/{id}', { path: { id: m.id } });
                void feedback.message.success('删除成功');
                refresh();
              }}
            >
              <LinkButton danger>删除</LinkButton>
            </Popconfirm>
          )}
        </Space>
      ),
      children: m.children.length ? toData(m.children) : undefined,
    }));
  return (
    <Card
      title="菜单配置"
      extra={
        can(PLATFORM_PAGES.setMenu.add) ? (
          <MenuForm trigger={<AddButton>新增菜单分组</AddButton>} pid={0} onSaved={refresh} />
        ) : null
      }
    >
      {tree.isPending ? <Spin /> : <Tree blockNode selectable={false} treeData={toData(tree.data ?? [])} />}
    </Card>
  );
}
