import { maxTotal, type TAssignment } from '@shetuan/shared/projects';
import { Alert, Descriptions, Space, Tag, Typography } from 'antd';
import type { TAssignmentDetail } from '../api';
import { AnswersView, fmtTime, useProjectForm } from '../applicant/DeclarationParts';
import { useIsPhone } from '../applicant/PagedList';

export const MODE_NAMES: Record<TAssignment['mode'], string> = { score: '评分制', approval: '审批制' };

export function ModeTag({ mode }: { mode: TAssignment['mode'] }) {
  return <Tag color={mode === 'score' ? 'blue' : 'purple'}>{MODE_NAMES[mode]}</Tag>;
}

/** A submitted review's figure: the total of a scoring round, or the opinion of an approval round. */
export function ReviewOutcome({ a }: { a: Pick<TAssignment, 'mode' | 'total' | 'opinion'> }) {
  if (a.mode === 'score') return <span>{a.total === null ? '—' : `${a.total} 分`}</span>;
  if (a.opinion === 'agree') return <Tag color="success">同意</Tag>;
  if (a.opinion === 'disagree') return <Tag color="error">不同意</Tag>;
  return <span>—</span>;
}

/**
 * The declaration a reviewer is given: its facts (申请人（盲审）in a blind round, where the server
 * has already left out the personal questions) and the answers read-only.
 */
export function AssignmentDeclaration({ detail }: { detail: TAssignmentDetail }) {
  const phone = useIsPhone();
  const form = useProjectForm(detail.assignment.projectId);
  const a = detail.assignment;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {detail.blind && <Alert type="info" showIcon message="本轮为盲审：申请人的姓名、联系方式等个人信息已隐藏。" />}
      <Descriptions
        column={phone ? 1 : 2}
        size="small"
        items={[
          { key: 'project', label: '申报项目', children: a.projectName },
          { key: 'stage', label: '评审环节', children: a.stageName },
          {
            key: 'applicant',
            label: '申请人',
            children: detail.blind ? '申请人（盲审）' : detail.applicantName,
          },
          ...(detail.blind ? [] : [{ key: 'unit', label: '推荐单位', children: detail.unitName || '—' }]),
          { key: 'mode', label: '评审方式', children: <ModeTag mode={a.mode} /> },
          { key: 'assigned', label: '分配时间', children: fmtTime(a.assignedAt) },
        ]}
      />
      <div>
        <Typography.Title level={5}>申报内容</Typography.Title>
        <AnswersView schema={form.data?.schema} data={detail.data} />
      </div>
    </Space>
  );
}

/** A submitted review, read-only: each item's score and the total, or the opinion; the comment. */
export function SubmittedReview({ detail }: { detail: TAssignmentDetail }) {
  const a = detail.assignment;
  const items =
    a.mode === 'score'
      ? [
          ...detail.items.map((it) => ({
            key: it.key,
            label: `${it.name}（满分${it.max}${it.weight !== 1 ? `，权重${it.weight}` : ''}）`,
            children: detail.scores[it.key] ?? '—',
          })),
          {
            key: 'total',
            label: '总分',
            children: (
              <Typography.Text strong>
                {a.total ?? '—'} / {maxTotal(detail.items)}
              </Typography.Text>
            ),
          },
        ]
      : [{ key: 'opinion', label: '审批意见', children: <ReviewOutcome a={a} /> }];
  return (
    <Descriptions
      column={1}
      bordered
      size="small"
      items={[
        ...items,
        {
          key: 'comment',
          label: a.mode === 'score' ? '评审意见' : '理由',
          children: <span style={{ whiteSpace: 'pre-wrap' }}>{detail.comment || '—'}</span>,
        },
        { key: 'submitted', label: '提交时间', children: fmtTime(a.submittedAt) },
      ]}
    />
  );
}
