import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import type { TOnlineSession } from '@shetuan/shared/identity';
import { PLATFORM_PAGES } from '@shetuan/shared/rbac';
import { Grid, Popconfirm, Tag } from 'antd';
import { useRef } from 'react';
import { feedback } from '../../../app/feedback';
import { LinkButton } from '../../components/LinkButton';
import { describeUserAgent } from '../../components/user-agent';
import { authApi } from '../api';
import { useCan } from '../can';

/** /onlineSessions: who is logged in now; an administrator can force a session out. */
export default function OnlineSessionsPage() {
  const can = useCan();
  const ref = useRef<ActionType | undefined>(undefined);
  const narrow = Grid.useBreakpoint().md === false;
  const columns: ProColumns<TOnlineSession>[] = [
    {
      title: '姓名',
      dataIndex: 'name',
      width: 110,
      // One row per browser: a browser that logged in again shows how many of its sessions are open.
      render: (_, r) => (
        <>
          {r.name} {r.current && <Tag color="blue">当前</Tag>}
          {r.sessions > 1 && <Tag title="同一浏览器的多次登录，强制下线时一并结束">{r.sessions} 个会话</Tag>}
        </>
      ),
    },
    { title: '手机号', dataIndex: 'mobile', width: 130 },
    { title: '身份', dataIndex: 'identityName', width: 120 },
    { title: 'IP', dataIndex: 'ip', width: 130 },
    { title: '登录时间', dataIndex: 'createdAt', valueType: 'dateTime', width: 170 },
    { title: '最近活动', dataIndex: 'lastSeenAt', valueType: 'fromNow', width: 120 },
    {
      title: '浏览器与系统',
      dataIndex: 'userAgent',
      width: 200,
      // Browser and system in words; the whole user-agent string on hover.
      render: (_, r) => <span title={r.userAgent}>{describeUserAgent(r.userAgent)}</span>,
    },
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
              await authApi.kickSession(r.id);
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
      // Scrolls sideways inside its card on a phone, never the page.
      scroll={narrow ? { x: 'max-content' } : undefined}
      search={false}
      pagination={{ defaultPageSize: 20, showSizeChanger: true }}
      request={async () => {
        const { list } = await authApi.sessions();
        return { data: list, total: list.length, success: true };
      }}
    />
  );
}
