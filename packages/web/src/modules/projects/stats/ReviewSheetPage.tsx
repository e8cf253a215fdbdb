import type { ProColumns } from '@ant-design/pro-components';
import { PROJECT_PAGES as P, type TProject, type TReviewSheetRow, type TScoreItem } from '@shetuan/shared/projects';
import { Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useCan } from '../../../platform/auth/can';
import { statsApi } from '../api';
import { expertRounds, scoreText, timeText } from '../creator/flow-helpers';
import { ProjectScreen, ToneTag } from './StatsParts';
import { StatsTable } from './StatsTable';

type Row = TReviewSheetRow & Record<string, unknown>;
type Mode = 'score' | 'approval';

const OPINIONS: Record<string, { text: string; tone: string }> = {
  agree: { text: '同意', tone: 'success' },
  disagree: { text: '不同意', tone: 'error' },
};

/**
 * /scoreByList (评分列表) and /approvalByList (审批列表): every expert's review in a project's
 * rounds of that mode — the item scores and total, or the opinion — searched by declaration or
 * expert, by round and by whether it is submitted.
 */
export default function ReviewSheetPage() {
  const { pathname } = useLocation();
  const mode: Mode = pathname.endsWith(P.approvalSheet.path) ? 'approval' : 'score';
  return (
    <ProjectScreen
      key={mode}
      accept={(p) => expertRounds(p.flow).some((r) => r.stage.mode === mode)}
      empty={mode === 'score' ? '暂无设置了评分制专家评审的项目' : '暂无设置了审批制专家评审的项目'}
    >
      {(project) => <Sheet project={project} mode={mode} />}
    </ProjectScreen>
  );
}

/** The scoring items of a project's score rounds, each once (the columns of the sheet). */
function scoreItems(project: TProject): TScoreItem[] {
  const items = new Map<string, TScoreItem>();
  for (const { stage } of expertRounds(project.flow))
    if (stage.mode === 'score') for (const it of stage.items) if (!items.has(it.key)) items.set(it.key, it);
  return [...items.values()];
}

function Sheet({ project, mode }: { project: TProject; mode: Mode }) {
  const can = useCan();
  const [submitted, setSubmitted] = useState<'0' | '1' | undefined>(undefined);
  const [stage, setStage] = useState<number | undefined>(undefined);
  const params = useMemo(() => ({ projectId: project.id, submitted, stage }), [project.id, submitted, stage]);
  const rounds = expertRounds(project.flow).filter((r) => r.stage.mode === mode);
  const sheet = mode === 'score' ? 'scores' : 'approvals';
  const exportable = can(mode === 'score' ? P.scoreSheet.export : P.approvalSheet.export);

  const marks: ProColumns<Row>[] =
    mode === 'score'
      ? [
          ...scoreItems(project).map(
            (it): ProColumns<Row> => ({
              title: `${it.name}（${it.max}）`,
              key: `score-${it.key}`,
              width: 100,
              align: 'right',
              render: (_, r) => scoreText(r.scores?.[it.key]),
            }),
          ),
          {
            title: '总分',
            dataIndex: 'total',
            width: 80,
            align: 'right',
            render: (_, r) => <Typography.Text strong>{scoreText(r.total)}</Typography.Text>,
          },
        ]
      : [
          {
            title: '意见',
            dataIndex: 'opinion',
            width: 90,
            render: (_, r) => {
              const o = r.opinion ? OPINIONS[r.opinion] : undefined;
              return o ? <ToneTag tone={o.tone}>{o.text}</ToneTag> : '—';
            },
          },
        ];

  const columns: ProColumns<Row>[] = [
    { title: '申报名称', dataIndex: 'title', width: 220, ellipsis: true },
    { title: '推荐单位', dataIndex: 'unitName', width: 180, ellipsis: true, render: (_, r) => r.unitName || '—' },
    { title: '评审环节', dataIndex: 'stageName', width: 110 },
    { title: '评审专家', dataIndex: 'expertName', width: 100 },
    ...marks,
    { title: '评语', dataIndex: 'comment', width: 220, ellipsis: true, render: (_, r) => r.comment || '—' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (_, r) => (
        <ToneTag tone={r.status === 1 ? 'success' : 'default'}>{r.status === 1 ? '已提交' : '未提交'}</ToneTag>
      ),
    },
    { title: '提交时间', dataIndex: 'submittedAt', width: 150, render: (_, r) => timeText(r.submittedAt) },
  ];

  const name = `${project.name}${mode === 'score' ? '评分表' : '审批表'}`;
  return (
    <StatsTable
      title={mode === 'score' ? '评分列表' : '审批列表'}
      rowKey="id"
      load={statsApi[sheet]}
      params={params}
      columns={columns}
      searchPlaceholder="申报名称或评审专家"
      emptyText="暂无评审记录"
      exportJob={exportable ? (query) => statsApi.exportJob(sheet, query) : undefined}
      exportName={name}
      toolbar={[
        ...(rounds.length > 1
          ? [
              <Select
                key="stage"
                aria-label="评审环节"
                allowClear
                placeholder="全部环节"
                style={{ width: 150 }}
                value={stage}
                onChange={(v: number | undefined) => setStage(v)}
                options={rounds.map((r) => ({ value: r.index, label: r.stage.name }))}
              />,
            ]
          : []),
        <Select
          key="submitted"
          aria-label="提交状态"
          allowClear
          placeholder="全部提交状态"
          style={{ width: 140 }}
          value={submitted}
          onChange={(v: '0' | '1' | undefined) => setSubmitted(v)}
          options={[
            { value: '1', label: '已提交' },
            { value: '0', label: '未提交' },
          ]}
        />,
      ]}
    />
  );
}
