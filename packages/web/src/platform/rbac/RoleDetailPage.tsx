import type { ActionType, ProColumns } from '@ant-design/pro-components';
import type { TRoleHolder } from '@shetuan/shared/rbac';
import { PLATFORM_PAGES } from '@shetuan/shared/rbac';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Popconfirm, Skeleton, Space, Table, Tag } from 'antd';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { feedback } from '../../app/feedback';
import { apiCall } from '../../app/typed-api';
import { useCan } from '../auth/can';
import { LinkButton } from '../components/LinkButton';
import { ListPage } from '../components/ListPage';

const roleKeys = { detail: (id: number) => ['rbac', 'role-detail', id] as const };

/** /roleManageDetail?id=: a role, the menus and function points it grants, and the identities holding it. */
export default function RoleDetailPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const can = useCan();
  const ref = useRef<ActionType | undefined>(undefined);
  const role = useQuery({
    queryKey: roleKeys.detail(id),
    queryFn: () => apiCall.get('/rbac/roles/{id}', { path: { id } }),
    enabled: id > 0,
  });
  if (!(id > 0)) return <Card title="角色详情">缺少角色编号，请从角色管理进入。</Card>;
  if (!role.data)
    return <Card title="角色详情">{role.isError ? <Empty description="角色不存在" /> : <Skeleton active />}</Card>;
  const r = role.data;

  const columns: ProColumns<TRoleHolder>[] = [
    { title: '姓名', dataIndex: 'name', width: 140 },
    { title: '手机号', dataIndex: 'mobile', width: 140 },
    { title: '身份', dataIndex: 'identityName', width: 140 },
    { title: '所属单位', dataIndex: 'orgName' },
    {
      title: '操作',
      valueType: 'option',
      width: 100,
      render: (_, row) =>
        can(PLATFORM_PAGES.role.edit) ? (
          <Popconfirm
            title={`移除“${row.name}”的此角色？`}
            okText="移除"
            cancelText="取消"
            onConfirm={async () => {
              await apiCall.delete('/rbac/roles/{id}/holders/{identityId}', {
                path: { id, identityId: row.identityId },
              });
              void feedback.message.success('已移除');
              void ref.current?.reload();
              void role.refetch();
            }}
          >
            <LinkButton danger>移除</LinkButton>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={`角色详情：${r.name}`} extra={<Link to={`/jurisdiction?roleId=${r.id}`}>配置权限</Link>}>
        <Descriptions column={{ xs: 1, md: 3 }} size="small">
          <Descriptions.Item label="角色名称">{r.name}</Descriptions.Item>
          <Descriptions.Item label="已授权页面">{r.grants.length} 个</Descriptions.Item>
          <Descriptions.Item label="已分配身份">{r.identityCount} 个</Descriptions.Item>
          <Descriptions.Item label="备注" span={3}>
            {r.remark || '—'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="授权的页面与功能点">
        <Table
          size="small"
          rowKey="menuId"
          dataSource={r.grants}
          pagination={r.grants.length > 10 ? { pageSize: 10 } : false}
          locale={{ emptyText: '尚未授权任何页面' }}
          columns={[
            { title: '页面', dataIndex: 'name', width: 200 },
            { title: '路径', dataIndex: 'path', width: 260 },
            {
              title: '功能点',
              dataIndex: 'functions',
              render: (fns: string[]) => (fns.length ? fns.map((f) => <Tag key={f}>{f}</Tag>) : '仅查看'),
            },
          ]}
        />
      </Card>
      <ListPage<TRoleHolder & Record<string, unknown>>
        title="拥有此角色的身份"
        rowKey="identityId"
        path={`/rbac/roles/${id}/holders`}
        exportPath={can(PLATFORM_PAGES.role.export) ? `/rbac/roles/${id}/holders/export` : undefined}
        exportName={`角色成员-${r.name}`}
        searchPlaceholder="姓名或手机号"
        actionRef={ref}
        columns={columns as ProColumns<TRoleHolder & Record<string, unknown>>[]}
      />
    </Space>
  );
}
