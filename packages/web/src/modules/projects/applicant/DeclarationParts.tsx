import { answerLines, type TFormSchema } from '@shetuan/shared/forms';
import type { TDeclaration, TDeclarationDetail, TFlow, TTransition } from '@shetuan/shared/projects';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Empty, List, Skeleton, Steps, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { projectFormApi, projectKeys } from '../api';
import { useIsPhone } from './PagedList';

/** A time as the screens show it: 2026-05-01 14:30. */
export const fmtTime = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');

/** Declarations the applicant may still change (and submit again). */
export const EDITABLE = new Set<TDeclaration['status']>(['draft', 'returned', 'withdrawn']);

const STATUS_COLORS: Record<TDeclaration['status'], string> = {
  draft: 'default',
  in_review: 'processing',
  returned: 'warning',
  withdrawn: 'default',
  rejected: 'error',
  decided: 'success',
};

/** The declaration's state in words (the server's statusText), coloured by status. */
export function DeclarationStatusTag({ d }: { d: Pick<TDeclaration, 'status' | 'statusText' | 'result'> }) {
  const color = d.status === 'decided' && d.result === 'not_approved' ? 'default' : STATUS_COLORS[d.status];
  return (
    <Tag color={color} style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
      {d.statusText}
    </Tag>
  );
}

/** The declaration form of a project, in the version the project froze at publication. */
export function useProjectForm(projectId: number | undefined) {
  return useQuery({
    queryKey: [...projectKeys.project(projectId ?? 0), 'form-schema'],
    queryFn: () => projectFormApi.get(projectId ?? 0),
    enabled: Boolean(projectId),
    staleTime: 5 * 60_000,
  });
}

/** The answers of a declaration, read-only, question by question in the form's order. */
export function AnswersView({ schema, data }: { schema: TFormSchema | undefined; data: Record<string, unknown> }) {
  const phone = useIsPhone();
  if (!schema) return <Skeleton active paragraph={{ rows: 4 }} />;
  const lines = answerLines(schema, data);
  if (lines.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未填写申报内容" />;
  return (
    <Descriptions
      column={1}
      bordered
      size="small"
      layout={phone ? 'vertical' : 'horizontal'}
      styles={{ label: { width: phone ? undefined : 180 } }}
      items={lines.map((l) => ({
        key: l.id,
        label: l.label,
        children: <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{l.text || '—'}</span>,
      }))}
    />
  );
}

/** The flow's stages after 提交申报, with where the declaration stands. */
export function FlowSteps({ flow, d }: { flow: TFlow; d: Pick<TDeclaration, 'status' | 'stage' | 'level'> }) {
  const stages = flow.map((s) => s.name);
  let current = 0;
  let status: 'process' | 'finish' | 'error' | 'wait' = 'process';
  let note: string | undefined;
  switch (d.status) {
    case 'draft':
    case 'withdrawn':
      note = d.status === 'draft' ? '草稿' : '已撤回';
      break;
    case 'in_review': {
      current = d.stage + 1;
      const stage = flow[d.stage];
      note = stage?.kind === 'approval' && stage.levels > 1 ? `第${d.level + 1}级审批中` : '进行中';
      break;
    }
    case 'returned':
      current = d.stage + 1;
      status = 'error';
      note = '退回修改';
      break;
    case 'rejected':
      current = d.stage + 1;
      status = 'error';
      note = '未通过';
      break;
    case 'decided':
      current = stages.length;
      status = 'finish';
      note = '已完成';
      break;
  }
  return (
    <Steps
      size="small"
      current={current}
      status={status}
      items={['提交申报', ...stages].map((title, i) => ({
        title,
        description: i === current ? note : undefined,
      }))}
    />
  );
}

const ACTION_COLORS: Record<string, string> = {
  submit: 'blue',
  withdraw: 'gray',
  pass: 'green',
  return: 'orange',
  reject: 'red',
  advance: 'green',
  decide: 'green',
  reopen: 'blue',
};

/** Who did what to the declaration and when, oldest first. */
export function DeclarationTimeline({ timeline }: { timeline: TTransition[] }) {
  if (timeline.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无办理记录" />;
  return (
    <Timeline
      style={{ marginTop: 8 }}
      items={timeline.map((t) => ({
        key: t.id,
        color: ACTION_COLORS[t.action] ?? 'blue',
        children: (
          <div>
            <div>
              <Typography.Text strong>{t.actionName}</Typography.Text>
              <span style={{ marginInlineStart: 8 }}>{t.actorName}</span>
              <span style={{ marginInlineStart: 8, color: '#595959' }}>{fmtTime(t.at)}</span>
            </div>
            <div style={{ color: '#595959' }}>
              {t.fromText} → {t.toText}
            </div>
            {t.remark && <div style={{ whiteSpace: 'pre-wrap' }}>意见：{t.remark}</div>}
          </div>
        ),
      }))}
    />
  );
}

/** The submitted versions of a declaration. */
export function VersionList({ versions }: { versions: TDeclarationDetail['versions'] }) {
  if (versions.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未提交" />;
  return (
    <List
      size="small"
      dataSource={[...versions].reverse()}
      renderItem={(v) => (
        <List.Item key={v.version}>
          第{v.version}版，提交于 {fmtTime(v.submittedAt)}
        </List.Item>
      )}
    />
  );
}

/** The unit's or the operators' remark when the declaration came back to the applicant. */
export function lastReturn(timeline: TTransition[]): TTransition | undefined {
  return [...timeline].reverse().find((t) => t.action === 'return');
}
