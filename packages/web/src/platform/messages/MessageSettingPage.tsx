import type { TMessageSetting } from '@shetuan/shared/messages';
import { PLATFORM_PAGES } from '@shetuan/shared/rbac';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Switch, Table } from 'antd';
import { feedback } from '../../app/feedback';
import { type ApiBody, apiCall } from '../../app/typed-api';
import { useCan } from '../auth/can';
import { messageKeys } from './api';

/**
 * /messageSetting: which events send in-site messages in this tenant, and which also send an SMS
 * notice to the person's phone (off by default: SMS costs the tenant money).
 */
export default function MessageSettingPage() {
  const can = useCan();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: messageKeys.settings(),
    queryFn: async () => (await apiCall.get('/messages/settings')).list,
  });
  const editable = can(PLATFORM_PAGES.messageSetting.edit);
  const save = async (change: ApiBody<'put', '/messages/settings'>) => {
    await apiCall.put('/messages/settings', { body: change });
    void feedback.message.success('保存成功');
    await queryClient.invalidateQueries({ queryKey: messageKeys.settings() });
  };
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
                disabled={!editable}
                onChange={(enabled) => save({ event: s.event, enabled })}
              />
            ),
          },
          {
            title: '短信通知',
            dataIndex: 'sms',
            width: 120,
            render: (_, s) => (
              <Switch
                aria-label={`${s.name}短信通知`}
                checked={s.sms}
                disabled={!editable}
                onChange={(sms) => save({ event: s.event, sms })}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
