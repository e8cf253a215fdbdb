import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import type { TOnlineSession } from '@shetuan/shared/identity';
import { PLATFORM_PAGES } from '@shetuan/shared/rbac';
import { Popconfirm, Tag } from 'antd';
import { useRef } from 'react';
import { feedback } from '../../../app/feedback';
import { api } from '../../../app/request';
import { LinkButton } from '../../components/LinkButton';
import { useCan } from '../can';

/** /onlineSessions: who is logged in now; an administrator can force a session out. */
export default function OnlineSessionsPage() {
  const can = useCan();
  const ref = useRef<ActionType | undefined>(undefined);
  const columns: ProColumns<TOnlineSession>[] = [
    {
      title: '姓名',
      dataIndex: 'name',
      width: 110,
      render: (_, r) =>
        r.current ? (
          <>
            {r.name} <Tag color="blue">当前</Tag>
          </>
        ) : (
          r.name
        ),
    },
    { title: '手机号', dataIndex: 'mobile', width: 130 },
    { title: '身份', dataIndex: 'identityName', width: 120 },
    { title: 'IP', dataIndex: 'ip', width: 130 },
    { title: '登录时间', dataIndex: 'createdAt', valueType: 'dateTime', width: 170 },
    { title: '最近活动', dataIndex: 'lastSeenAt', valueType: 'fromNow', width: 120 },
    { title: '浏览器', dataIndex: 'userAgent', ellipsis: true },
    {
      title: '操作',
      valueType: 'option',
      width: 100,
      render: (_, r) =>
        can(PLATFORM_PAGES.onlineSessions.delete) && !r.current ? (
          <Popconfirm
            title={`强制 ${r.name} 下线？`}
            okText="强制下线"
            cancelText="取消"
            onConfirm={async () => {
              await api.post(`/auth/sessions/${r.id}/kick`);
              void feedback.message.success('已强制下线');
              void ref.current?.reload();
            }}
          >
            <LinkButton>强制下线</LinkButton>
          </Popconfirm>
        ) : null,
    },
  ];
  return (
    <ProTable<TOnlineSession>
      columnEmptyText="—"
      headerTitle="在线会话"
      rowKey="id"
      actionRef={ref}
      columns={columns}
      search={false}
      pagination={{ defaultPageSize: 20, showSizeChanger: true }}
      request={async () => {
        const { list } = await api.get<{ list: TOnlineSession[] }>('/auth/sessions');
        return { data: list, total: list.length, success: true };
      }}
    />
  );
}
