import { ArrowLeftOutlined, CalendarOutlined, FormOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, List, Result, Skeleton, Space, Steps, Tag, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { RichTextView } from '../../../platform/richtext/RichTextView';
import { projectKeys } from '../api';
import { fmtTime } from '../applicant/DeclarationParts';
import { screensApi } from '../screens-api';
import { periodText, STATE_COLORS } from './LoginDeclarePage';
import { declarePath, PublicShell } from './PublicShell';

/**
 * /login-declare-detail?id= 项目详情 (public, no login): one call — its introduction, period, who
 * may declare and how many, the review flow, the form's questions to prepare — and 申报, which
 * leads to the declaration (through the login for a visitor). A call not open says why.
 */
export default function LoginDeclareDetailPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const navigate = useNavigate();
  const detail = useQuery({
    queryKey: [...projectKeys.all, 'public', 'detail', id],
    queryFn: () => screensApi.publicProject(id),
    enabled: id > 0,
  });
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/login-declare')}>
      全部项目
    </Button>
  );
  if (!id || detail.isError)
    return (
      <PublicShell>
        <Result status="warning" title={detail.error?.message ?? '项目不存在或未发布'} extra={back} />
      </PublicShell>
    );
  const p = detail.data;
  if (!p)
    return (
      <PublicShell>
        <Card>
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      </PublicShell>
    );
  const conditions = [
    p.identityNames.length ? `申报身份：${p.identityNames.join('、')}` : '有申报人身份的用户均可申报',
    p.membersOnly ? '仅限本组织会员申报' : '',
    p.perApplicantLimit > 0 ? `每人限报 ${p.perApplicantLimit} 项` : '',
    p.perUnitLimit > 0 ? `每个推荐单位限报 ${p.perUnitLimit} 项` : '',
    p.needsUnit ? '须选择推荐单位，经单位推荐后进入评审' : '',
    p.domainRequired ? '须选择申报领域' : '',
  ].filter(Boolean);
  const apply =
    p.state === 'open' ? (
      <Button type="primary" size="large" icon={<FormOutlined />} onClick={() => void navigate(declarePath(p.id))}>
        立即申报
      </Button>
    ) : (
      <Alert
        type={p.state === 'upcoming' ? 'info' : 'warning'}
        showIcon
        message={p.state === 'upcoming' ? `项目将于 ${fmtTime(p.openAt)} 开始申报` : '项目申报已截止'}
      />
    );
  return (
    <PublicShell>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        {back}
        <Card
          title={
            <Space wrap size={8}>
              <Typography.Text strong style={{ whiteSpace: 'normal', fontSize: 18 }}>
                {p.name}
              </Typography.Text>
              <Tag color={STATE_COLORS[p.state]}>{p.stateText}</Tag>
            </Space>
          }
        >
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <div>
              <CalendarOutlined aria-hidden style={{ marginInlineEnd: 6 }} />
              申报时间：{periodText(p)}
            </div>
            <RichTextView html={p.description} />
            {apply}
          </Space>
        </Card>
        <Card title="申报条件">
          <List size="small" dataSource={conditions} renderItem={(c) => <List.Item>{c}</List.Item>} />
        </Card>
        <Card title="评审流程">
          <Steps
            size="small"
            direction="vertical"
            current={-1}
            items={['提交申报', ...p.stages].map((title) => ({ title }))}
          />
        </Card>
        <Card title="申报材料">
          {p.questions.length === 0 ? (
            <Typography.Text type="secondary">申报表尚未发布</Typography.Text>
          ) : (
            <Descriptions
              size="small"
              column={1}
              bordered
              items={p.questions.map((q, i) => ({
                key: String(i),
                label: `${i + 1}`,
                children: (
                  <span>
                    {q.label}
                    {q.required && <Tag style={{ marginInlineStart: 8 }}>必填</Tag>}
                  </span>
                ),
              }))}
            />
          )}
        </Card>
        {p.state === 'open' && <div style={{ textAlign: 'center' }}>{apply}</div>}
      </Space>
    </PublicShell>
  );
}
