import type { TMessageSetting } from '@shetuan/shared/messages';
import { PLATFORM_PAGES } from '@shetuan/shared/rbac';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Switch, Table } from 'antd';
import { feedback } from '../../app/feedback';
import { api } from '../../app/request';
import { useCan } from '../auth/can';
import { messageKeys } from './api';

/** /messageSetting: which events send in-site messages in this tenant. */
export default function MessageSettingPage() {
  const can = useCan();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: messageKeys.settings(),
    queryFn: async () => (await api.get<{ list: TMessageSetting[] }>('/messages/settings')).list,
  });
  return (
    <Card title="消息设置">
      <Table<TMessageSetting>
        rowKey="event"
        loading={settings.isPending}
        dataSource={settings.data ?? []}
        pagination={false}
        columns={[
          { title: '消息', dataIndex: 'name' },
          { title: '接收人', dataIndex: 'to', width: 160 },
          {
            title: '发送站内消息',
            dataIndex: 'enabled',
            width: 140,
            render: (_, s) => (
              <Switch
                aria-label={s.name}
                checked={s.enabled}
                disabled={!can(PLATFORM_PAGES.messageSetting.edit)}
                onChange={async (enabled) => {
                  await api.request('/messages/settings', 'PUT', { event: s.event, enabled });
                  void feedback.message.success('保存成功');
                  await queryClient.invalidateQueries({ queryKey: messageKeys.settings() });
                }}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
