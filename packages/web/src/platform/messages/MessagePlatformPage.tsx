import type { ActionType, ProColumns } from '@ant-design/pro-components';
import type { TMessage } from '@shetuan/shared/messages';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { feedback } from '../../app/feedback';
import { apiCall, routePath } from '../../app/typed-api';
import { LinkButton } from '../components/LinkButton';
import { ListPage } from '../components/ListPage';
import { detailPath, messageKeys } from './api';

const TABS = [
  { key: 'all', label: '全部', status: undefined },
  { key: 'unread', label: '未读', status: 0 },
];

/** /messagePlatform: the person's messages, unread first to find, marked read one by one or all at once. */
export default function MessagePlatformPage() {
  const ref = useRef<ActionType | undefined>(undefined);
  const queryClient = useQueryClient();
  // ?tab=unread opens the unread tab (the bell's 查看未读消息); the page is kept alive, and a
  // navigation with another query starts it afresh.
  const [search] = useSearchParams();
  const [tab, setTab] = useState(() => (search.get('tab') === 'unread' ? 'unread' : 'all'));
  const params = useMemo(() => ({ status: TABS.find((t) => t.key === tab)?.status }), [tab]);
  const changed = () => {
    void ref.current?.reload();
    void queryClient.invalidateQueries({ queryKey: messageKeys.latest() });
  };
  const columns: ProColumns<TMessage>[] = [
    {
      title: '标题',
      dataIndex: 'title',
      render: (_, m) => (
        <Link to={detailPath(m)} style={{ fontWeight: m.status === 0 ? 600 : 400 }}>
          {m.title}
        </Link>
      ),
    },
    { title: '内容', dataIndex: 'body', ellipsis: true },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (_, m) => (m.status === 0 ? <Tag color="processing">未读</Tag> : <Tag>已读</Tag>),
    },
    { title: '时间', dataIndex: 'createdAt', valueType: 'dateTime', width: 170 },
    {
      title: '操作',
      valueType: 'option',
      width: 100,
      render: (_, m) =>
        m.status === 0 ? (
          <LinkButton
            onClick={async () => {
              await apiCall.post('/messages/read', { body: { ids: [m.id] } });
              changed();
            }}
          >
            标为已读
          </LinkButton>
        ) : null,
    },
  ];
  return (
    <ListPage<TMessage & Record<string, unknown>>
      title="站内消息"
      rowKey="id"
      path={routePath('get', '/messages')}
      params={params}
      tabs={{ items: TABS.map((t) => ({ key: t.key, label: t.label })), activeKey: tab, onChange: setTab }}
      exportPath={routePath('get', '/messages/export')}
      exportName="我的消息"
      searchPlaceholder="消息标题"
      actionRef={ref}
      columns={columns as ProColumns<TMessage & Record<string, unknown>>[]}
      toolbar={[
        <Button
          key="all"
          onClick={async () => {
            const res = await apiCall.post('/messages/read-all');
            void feedback.message.success(res.count ? `已将 ${res.count} 条标为已读` : '没有未读消息');
            changed();
          }}
        >
          全部标为已读
        </Button>,
      ]}
    />
  );
}
