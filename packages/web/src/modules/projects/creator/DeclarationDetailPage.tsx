import { answerLines } from '@shetuan/shared/forms';
import { AssignmentStatus, PROJECT_PAGES as P, type TFlow } from '@shetuan/shared/projects';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Col, Descriptions, Empty, Result, Row, Skeleton, Space, Table, Tag, Timeline, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useCan } from '../../../platform/auth/can';
import { EmptyState } from '../../../platform/widgets/EmptyState';
import { projectFormApi, projectKeys, projectsApi, type TOperatorDetail } from '../api';
import { Screen } from '../applicant/Screen';
import { ActButtons } from './ActButtons';
import { FlowTags } from './FlowTags';
import { decisionOf, declarationListPath, expertRounds, STATUS_COLORS, scoreText, timeText } from './flow-helpers';

type Review = TOperatorDetail['reviews'][number];

const ACTION_COLORS: Record<string, string> = {
  submit: 'blue',
  pass: 'green',
  advance: 'green',
  decide: 'green',
  return: 'orange',
  withdraw: 'gray',
  reject: 'red',
  reopen: 'blue',
};

/** /projectDetail?id=: a declaration as the operators see it — answers, timeline, versions, reviews. */
export default function DeclarationDetailPage() {
  return (
    <Screen>
      <DeclarationDetailPageContent />
    </Screen>
  );
}

function DeclarationDetailPageContent() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const queryClient = useQueryClient();
  const can = useCan();
  const detail = useQuery({
    queryKey: projectKeys.declaration(id),
    queryFn: () => projectsApi.declaration(id),
    enabled: id > 0,
  });
  const projectId = detail.data?.projectId ?? 0;
  const form = useQuery({
    queryKey: [...projectKeys.project(projectId), 'form'],
    queryFn: () => projectFormApi.get(projectId),
    enabled: projectId > 0,
  });
  if (!(id > 0)) return <Result status="404" title="缺少申报编号，请从申报列表进入" />;
  if (detail.isError) return <Result status="warning" title={detail.error.message} />;
  if (!detail.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  const d = detail.data;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: projectKeys.all });
  const lines = form.data ? answerLines(form.data.schema, d.data) : [];
  // An approval chain without experts has no scores, ranks, grades or reviews.
  const scored = expertRounds(d.flow).length > 0 || decisionOf(d.flow) !== undefined;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={
          <Space wrap>
            {d.title}
            <Tag color={STATUS_COLORS[d.status]}>{d.statusText}</Tag>
          </Space>
        }
        extra={
          <Space wrap>
            {expertRounds(d.flow).length > 0 && can(P.distribution.path) && (
              <Link to={`/declarationDistribution?projectId=${d.projectId}&id=${d.id}`}>申报分配</Link>
            )}
            <ActButtons flow={d.flow} declaration={d} onDone={refresh} variant="button" />
          </Space>
        }
      >
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label="项目">
            <Link to={declarationListPath({ id: d.projectId, flow: d.flow })}>{d.projectName}</Link>
          </Descriptions.Item>
          <Descriptions.Item label="申报人">{d.applicantName}</Descriptions.Item>
          <Descriptions.Item label="推荐单位">{d.unitName || '—'}</Descriptions.Item>
          <Descriptions.Item label="提交时间">{timeText(d.submittedAt)}</Descriptions.Item>
          <Descriptions.Item label="当前版本">第 {d.version} 版</Descriptions.Item>
          {scored && (
            <Descriptions.Item label={Object.keys(d.roundScores).length > 1 ? '综合得分' : '得分'}>
              {scoreText(d.score)}
              {Object.keys(d.roundScores).length > 1 && (
                <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                  （
                  {Object.entries(d.roundScores)
                    .map(([i, v]) => `${d.flow[Number(i)]?.name ?? ''} ${scoreText(v)}`)
                    .join('，')}
                  ）
                </Typography.Text>
              )}
            </Descriptions.Item>
          )}
          {scored && <Descriptions.Item label="排名">{d.rank ?? '—'}</Descriptions.Item>}
          {scored && <Descriptions.Item label="等级">{d.grade ?? '—'}</Descriptions.Item>}
          {d.publicityEndsAt && <Descriptions.Item label="公示截止">{timeText(d.publicityEndsAt)}</Descriptions.Item>}
          <Descriptions.Item label="评审流程" span="filled">
            <FlowTags project={d} />
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <Card
            title="申报内容"
            extra={form.data && <Typography.Text type="secondary">申报表第 {form.data.version} 版</Typography.Text>}
          >
            {form.isError ? (
              <Result status="warning" title={form.error.message} />
            ) : !form.data ? (
              <Skeleton active />
            ) : lines.length === 0 ? (
              <Empty description="未填写内容" />
            ) : (
              <Descriptions
                column={1}
                bordered
                size="small"
                styles={{ label: { width: 180 } }}
                items={lines.map((l) => ({ key: l.id, label: l.label, children: l.text || '—' }))}
              />
            )}
          </Card>
          <Card title="提交版本" style={{ marginTop: 16 }}>
            <Table
              size="small"
              rowKey="version"
              pagination={false}
              dataSource={d.versions}
              locale={{ emptyText: <EmptyState description="暂无提交" /> }}
              columns={[
                { title: '版本', dataIndex: 'version', render: (v: number) => `第 ${v} 版` },
                { title: '提交时间', dataIndex: 'submittedAt', render: (v: string) => timeText(v) },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={9}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Card title="处理记录">
              {d.timeline.length === 0 ? (
                <Empty description="暂无记录" />
              ) : (
                <Timeline
                  items={d.timeline.map((t) => ({
                    key: t.id,
                    color: ACTION_COLORS[t.action] ?? 'blue',
                    children: (
                      <div>
                        <Space size={8} wrap>
                          <Typography.Text strong>{t.actionName}</Typography.Text>
                          <Typography.Text type="secondary">{timeText(t.at)}</Typography.Text>
                        </Space>
                        <div>操作人：{t.actorName || '—'}</div>
                        <div>
                          {t.fromText} → {t.toText}
                        </div>
                        {t.remark && <div>意见：{t.remark}</div>}
                      </div>
                    ),
                  }))}
                />
              )}
            </Card>
          </Space>
        </Col>
      </Row>
      {(scored || d.reviews.length > 0) && (
        <Card title="评审记录">
          <Reviews flow={d.flow} reviews={d.reviews} />
        </Card>
      )}
    </Space>
  );
}

function Reviews({ flow, reviews }: { flow: TFlow; reviews: Review[] }) {
  const itemsOf = (stage: number) => {
    const s = flow[stage];
    return s?.kind === 'expert_review' ? s.items : [];
  };
  return (
    <Table<Review>
      size="small"
      rowKey="id"
      pagination={reviews.length > 10 ? { pageSize: 10 } : false}
      dataSource={reviews}
      locale={{ emptyText: <EmptyState description="暂无评审" /> }}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: '专家', dataIndex: 'expertName', width: 110 },
        { title: '环节', key: 'stage', width: 120, render: (_, r) => flow[r.stage]?.name ?? '—' },
        {
          title: '各项得分',
          key: 'scores',
          render: (_, r) =>
            r.scores ? (
              <Space size={4} wrap>
                {itemsOf(r.stage).map((it) => (
                  <Tag key={it.key}>
                    {it.name}：{r.scores?.[it.key] ?? '—'}/{it.max}
                  </Tag>
                ))}
              </Space>
            ) : (
              '—'
            ),
        },
        {
          title: '总分 / 意见',
          key: 'total',
          width: 120,
          render: (_, r) =>
            r.status !== AssignmentStatus.SUBMITTED ? (
              <Tag>未提交</Tag>
            ) : r.total !== null ? (
              scoreText(r.total)
            ) : r.opinion === 'agree' ? (
              <Tag color="success">同意</Tag>
            ) : r.opinion === 'disagree' ? (
              <Tag color="error">不同意</Tag>
            ) : (
              '—'
            ),
        },
        { title: '评审意见', dataIndex: 'comment', render: (_, r) => r.comment || '—' },
        { title: '提交时间', dataIndex: 'submittedAt', width: 150, render: (_, r) => timeText(r.submittedAt) },
      ]}
    />
  );
}
