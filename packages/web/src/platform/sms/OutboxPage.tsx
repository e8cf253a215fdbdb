import type { ProColumns } from '@ant-design/pro-components';
import { PLATFORM_PAGES } from '@shetuan/shared/rbac';
import { Tag } from 'antd';
import { useCan } from '../auth/can';
import { ListPage } from '../components/ListPage';

type Row = Record<string, unknown>;

/** /smsOutbox: the administrator's copy of every SMS sent or queued (codes and notices, phone masked). */
export default function OutboxPage() {
  const can = useCan();
  const columns: ProColumns<Row>[] = [
    { title: '时间', dataIndex: 'createdAt', valueType: 'dateTime', width: 170 },
    { title: '手机号', dataIndex: 'phone', width: 130 },
    { title: '内容', dataIndex: 'content', ellipsis: true },
    {
      title: '通道',
      dataIndex: 'provider',
      width: 90,
      render: (_, r) => (r.provider === 'dev' ? '开发通道' : String(r.provider)),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (_, r) =>
        r.status === 'sent' ? (
          <Tag color="success">已发送</Tag>
        ) : r.status === 'queued' ? (
          // A notice waiting for its job (or for a retry; the error column shows the last refusal).
          <Tag color="processing">待发送</Tag>
        ) : (
          <Tag color="error">失败</Tag>
        ),
    },
    { title: '错误', dataIndex: 'error', width: 160, ellipsis: true },
  ];
  return (
    <ListPage
      title="短信发件箱"
      rowKey="id"
      path="/sms/outbox"
      exportPath={can(PLATFORM_PAGES.smsOutbox.export) ? '/sms/outbox/export' : undefined}
      searchPlaceholder="手机号或内容"
      columns={columns}
    />
  );
}
