import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Empty, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { apiCall } from '../../app/typed-api';
import { messageKeys } from './api';

/** /messagePlatformDetail?wid=&id= — one message; opening it marks it read. */
export default function MessageDetailPage() {
  const [search] = useSearchParams();
  const wid = search.get('wid') ?? '';
  const id = Number(search.get('id'));
  const queryClient = useQueryClient();
  const message = useQuery({
    queryKey: messageKeys.detail(id),
    queryFn: () => apiCall.get('/messages/detail', { query: { wid, id } }),
    enabled: Boolean(wid) && id > 0,
  });
  useEffect(() => {
    if (message.data) void queryClient.invalidateQueries({ queryKey: messageKeys.latest() });
  }, [message.data, queryClient]);
  if (!wid || !(id > 0) || message.isError)
    return (
      <Card>
        <Empty description="消息不存在" />
      </Card>
    );
  if (!message.data)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  return (
    <Card
      title={message.data.title}
      extra={dayjs(message.data.createdAt).format('YYYY-MM-DD HH:mm')}
      style={{ maxWidth: 800 }}
    >
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{message.data.body}</Typography.Paragraph>
    </Card>
  );
}
