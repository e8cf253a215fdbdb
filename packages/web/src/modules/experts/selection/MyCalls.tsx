import { ExpertStatus, type TOpenCall } from '@shetuan/shared/experts';
import { Button, Card, Flex, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { feedback } from '../../../app/feedback';
import { callsApi } from '../calls/api';
import { ApplicationStatusTag, CallStatusTag } from '../calls/parts';
import { useIsPhone } from './parts';

/**
 * 专家征集 on 我的专家信息: the calls open now and those the person applied to. An expert of the
 * library joins with one click; anyone else fills the profile (`onApply`) and it goes to the call.
 */
export function MyCalls({
  calls,
  expertStatus,
  applyingId,
  onApply,
  onChanged,
}: {
  calls: TOpenCall[];
  /** The person's place in the library; null before applying. */
  expertStatus: number | null;
  applyingId: number | null;
  onApply: (call: TOpenCall) => void;
  onChanged: () => Promise<unknown>;
}) {
  const phone = useIsPhone();
  const [joining, setJoining] = useState<number | null>(null);
  if (calls.length === 0) return null;
  // A registration waiting in one call is decided there first: no other call takes it meanwhile.
  const waitingInCall = expertStatus === ExpertStatus.PENDING && calls.some((c) => c.mine?.status === 'pending');

  const action = (c: TOpenCall) => {
    if (c.mine)
      return (
        <Space direction="vertical" size={4}>
          <ApplicationStatusTag status={c.mine.status} name={`报名${c.mine.statusName}`} />
          {c.mine.reason && <Typography.Text type="secondary">原因：{c.mine.reason}</Typography.Text>}
        </Space>
      );
    if (c.status !== 'open') return <CallStatusTag status={c.status} />;
    if (c.full) return <Tag style={{ marginInlineEnd: 0 }}>名额已满</Tag>;
    if (expertStatus === ExpertStatus.DISABLED) return null;
    if (waitingInCall) return <Typography.Text type="secondary">入库申请审核后可报名</Typography.Text>;
    if (expertStatus === ExpertStatus.ACTIVE)
      return (
        <Popconfirm
          title={`报名“${c.title}”？`}
          description="以您在专家库中的信息报名，管理员审核后通知您。"
          okText="报名"
          cancelText="取消"
          okButtonProps={{ loading: joining === c.id }}
          onConfirm={async () => {
            setJoining(c.id);
            try {
              await callsApi.join(c.id);
              void feedback.message.success(`已报名专家征集“${c.title}”，等待管理员审核`);
              await onChanged();
            } catch {
              // The request client showed the server's message.
            } finally {
              setJoining(null);
            }
          }}
        >
          <Button type="primary" block={phone}>
            一键报名
          </Button>
        </Popconfirm>
      );
    return (
      <Button type="primary" block={phone} disabled={applyingId === c.id} onClick={() => onApply(c)}>
        {applyingId === c.id ? '正在填写' : '填写信息报名'}
      </Button>
    );
  };

  return (
    <Card title="专家征集" styles={{ body: phone ? { padding: '4px 16px' } : { paddingBlock: 4 } }}>
      <List
        itemLayout="vertical"
        dataSource={calls}
        rowKey="id"
        renderItem={(c) => (
          <List.Item>
            <Flex gap={12} vertical={phone} justify="space-between" align={phone ? 'stretch' : 'flex-start'}>
              <div style={{ minWidth: 0 }}>
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {c.title}
                </Typography.Title>
                <Typography.Paragraph type="secondary" style={{ margin: '4px 0' }}>
                  报名时间 {c.openDate} 至 {c.closeDate} · 征集 {c.quota} 人，已通过 {c.approved} 人
                </Typography.Paragraph>
                <Space size={4} wrap style={{ marginBottom: 4 }}>
                  {c.domainNames.length ? (
                    c.domainNames.map((n) => (
                      <Tag key={n} color="blue" style={{ marginInlineEnd: 0 }}>
                        {n}
                      </Tag>
                    ))
                  ) : (
                    <Tag style={{ marginInlineEnd: 0 }}>不限领域</Tag>
                  )}
                </Space>
                {c.description && (
                  <Typography.Paragraph
                    style={{ margin: 0, whiteSpace: 'pre-wrap' }}
                    ellipsis={{ rows: 2, expandable: true, symbol: '展开' }}
                  >
                    {c.description}
                  </Typography.Paragraph>
                )}
              </div>
              <div style={{ flex: '0 0 auto' }}>{action(c)}</div>
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}
