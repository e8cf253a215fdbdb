import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { type TInvitation, ZInvitationAnswer } from '@shetuan/shared/experts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ApiError } from '../../../app/request';
import { fieldRules } from '../../../platform/resource';
import { useTenant } from '../../../platform/tenant';
import { invitationApi, selectionKeys } from './api';
import { PICK_STATUS_COLORS, timeText } from './parts';

const INVALID = '邀请链接无效或已失效';

/** The page frame: the tenant's name over a card, phone-first (390 px), centred on wide screens. */
function Frame({ tenantName, children }: { tenantName: string; children: ReactNode }) {
  return (
    <main style={{ minHeight: '100vh', background: '#f0f2f5', padding: '24px 12px' }}>
      <div style={{ maxWidth: 520, margin: '0 auto' }}>
        <Typography.Paragraph strong style={{ textAlign: 'center', fontSize: 16, marginBottom: 16 }}>
          {tenantName}
        </Typography.Paragraph>
        {children}
      </div>
    </main>
  );
}

/**
 * /expert-invitation?token= (no login, no console): the link of the invitation SMS. The expert
 * sees who invites them to which draw, and answers 确认参加 or 无法参加 (with a reason); an answered
 * invitation shows the answer, and a link that is wrong or replaced says so.
 */
export default function InvitationPage() {
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const tenant = useTenant();
  const invitation = useQuery({
    queryKey: selectionKeys.invitation(token),
    queryFn: () => invitationApi.get(token),
    enabled: token !== '',
    retry: false,
  });
  useEffect(() => {
    document.title = '专家遴选邀请';
  }, []);

  if (!token || invitation.isError)
    return (
      <Frame tenantName={tenant.companyName}>
        <Card>
          <Result
            status="warning"
            title={token ? (invitation.error as ApiError).message || INVALID : INVALID}
            subTitle="链接可能已被更换或已过期，请以最新收到的邀请短信为准，或联系组织方。"
          />
        </Card>
      </Frame>
    );
  if (!invitation.data)
    return (
      <Frame tenantName={tenant.companyName}>
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </Frame>
    );
  return <Invitation token={token} invitation={invitation.data} />;
}

function Invitation({ token, invitation: inv }: { token: string; invitation: TInvitation }) {
  const queryClient = useQueryClient();
  const [declining, setDeclining] = useState(false);
  const [sending, setSending] = useState<'accept' | 'decline' | null>(null);
  const [form] = Form.useForm<{ reason: string }>();

  const send = async (accept: boolean, reason = '') => {
    setSending(accept ? 'accept' : 'decline');
    try {
      await invitationApi.answer({ token, accept, reason });
      await queryClient.invalidateQueries({ queryKey: selectionKeys.invitation(token) });
    } catch {
      // The request client showed the server's message (an answered invitation, a replaced link).
      await queryClient.invalidateQueries({ queryKey: selectionKeys.invitation(token) });
    } finally {
      setSending(null);
    }
  };

  const answered = inv.status === 'confirmed' || inv.status === 'declined';
  return (
    <Frame tenantName={inv.tenantName}>
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0, textAlign: 'center' }}>
          专家遴选邀请
        </Typography.Title>
        <Typography.Paragraph>尊敬的{inv.expertName}专家：</Typography.Paragraph>
        <Typography.Paragraph>
          您被抽选为「<Typography.Text strong>{inv.title}</Typography.Text>」的专家，请确认是否参加。
        </Typography.Paragraph>
        {inv.remark && (
          <Typography.Paragraph style={{ background: '#fafafa', padding: 12, borderRadius: 6, whiteSpace: 'pre-wrap' }}>
            {inv.remark}
          </Typography.Paragraph>
        )}
        <Space direction="vertical" size={4} style={{ marginBottom: 16 }}>
          <span>
            状态：<Tag color={PICK_STATUS_COLORS[inv.status]}>{inv.statusName}</Tag>
          </span>
          <Typography.Text type="secondary">邀请时间：{timeText(inv.invitedAt)}</Typography.Text>
          {inv.respondedAt && <Typography.Text type="secondary">答复时间：{timeText(inv.respondedAt)}</Typography.Text>}
        </Space>

        {answered ? (
          <Result
            icon={
              inv.status === 'confirmed' ? (
                <CheckCircleOutlined style={{ color: '#237804' }} />
              ) : (
                <CloseCircleOutlined style={{ color: '#595959' }} />
              )
            }
            title={inv.status === 'confirmed' ? '您已确认参加' : '您已答复无法参加'}
            subTitle={
              inv.status === 'confirmed'
                ? '感谢您的支持，组织方将另行通知具体安排。'
                : '感谢您的答复，组织方将邀请其他专家。'
            }
            style={{ padding: '16px 0 0' }}
          />
        ) : inv.status !== 'invited' ? (
          <Result status="info" title="该邀请尚未生效" style={{ padding: '16px 0 0' }} />
        ) : declining ? (
          <Form
            form={form}
            layout="vertical"
            onFinish={({ reason }) => void send(false, reason.trim())}
            requiredMark={false}
          >
            <Form.Item
              name="reason"
              label="无法参加的原因"
              rules={[
                { required: true, whitespace: true, message: '请填写不能参加的原因' },
                ...fieldRules(ZInvitationAnswer, 'reason'),
              ]}
            >
              <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：评审会期间出差" />
            </Form.Item>
            <Space direction="vertical" style={{ width: '100%' }}>
              <Button type="primary" danger htmlType="submit" block size="large" loading={sending === 'decline'}>
                提交
              </Button>
              <Button block size="large" onClick={() => setDeclining(false)} disabled={sending !== null}>
                返回
              </Button>
            </Space>
          </Form>
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Button
              type="primary"
              block
              size="large"
              loading={sending === 'accept'}
              disabled={sending !== null}
              onClick={() => void send(true)}
            >
              确认参加
            </Button>
            <Button block size="large" disabled={sending !== null} onClick={() => setDeclining(true)}>
              无法参加
            </Button>
          </Space>
        )}
      </Card>
    </Frame>
  );
}
