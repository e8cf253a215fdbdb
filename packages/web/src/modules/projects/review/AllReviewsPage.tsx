import { PROJECT_PAGES as P, type TAssignment } from '@shetuan/shared/projects';
import { Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useCan } from '../../../platform/auth/can';
import { LinkButton } from '../../../platform/components/LinkButton';
import { fmtTime } from '../applicant/DeclarationParts';
import { CardLine, PagedList } from '../applicant/PagedList';
import { Screen } from '../applicant/Screen';
import { screensApi } from '../screens-api';
import { ReviewDrawer } from './ReviewHistoryPage';
import { ModeTag, ReviewOutcome } from './ReviewParts';

const STATUS_OPTIONS = [
  { value: '0', label: '待评审' },
  { value: '1', label: '已提交' },
];

/**
 * /reviewList 全部评审: every review the caller was given, waiting and submitted, in one list with
 * its state (filter by state, by way of review, and ?projectId= from 评审任务); a waiting one opens
 * for scoring or approval, a submitted one read-only.
 */
type Status = '0' | '1';
const statusOf = (v: string | null): Status | undefined => (v === '0' || v === '1' ? v : undefined);

function AllReviewsPageContent() {
  const navigate = useNavigate();
  const can = useCan();
  const [search] = useSearchParams();
  const projectId = Number(search.get('projectId')) || undefined;
  // ?status= from 评审任务 (0 待评审, 1 已提交); anything else would be refused by the list.
  const [status, setStatus] = useState<Status | undefined>(statusOf(search.get('status')));
  const [mode, setMode] = useState<TAssignment['mode'] | undefined>(undefined);
  const [viewing, setViewing] = useState<number | null>(null);
  const act = (a: TAssignment) =>
    a.status === 0 ? (
      <LinkButton key="open" onClick={() => void navigate(`/projectReview?id=${a.id}`)}>
        {a.mode === 'score' ? '打分' : '审批'}
      </LinkButton>
    ) : (
      <LinkButton key="view" onClick={() => setViewing(a.id)}>
        查看
      </LinkButton>
    );
  const state = (a: TAssignment) =>
    a.status === 0 ? <Tag color="processing">待评审</Tag> : <Tag color="success">已提交</Tag>;
  const columns: ColumnsType<TAssignment> = [
    { title: '申报名称', dataIndex: 'title' },
    { title: '申报项目', dataIndex: 'projectName' },
    { title: '评审环节', dataIndex: 'stageName' },
    { title: '评审方式', dataIndex: 'mode', render: (m: TAssignment['mode']) => <ModeTag mode={m} /> },
    { title: '状态', key: 'status', render: (_, a) => state(a) },
    { title: '总分 / 意见', key: 'outcome', render: (_, a) => (a.status === 1 ? <ReviewOutcome a={a} /> : '—') },
    { title: '分配时间', dataIndex: 'assignedAt', render: (v: string) => fmtTime(v) },
    { title: '提交时间', dataIndex: 'submittedAt', render: (v: string | null) => fmtTime(v) },
    { title: '操作', key: 'actions', render: (_, a) => act(a) },
  ];
  const params = { status, mode, projectId };
  return (
    <>
      <PagedList
        name="review-all"
        title="全部评审"
        fetch={screensApi.myReviews}
        params={params}
        rowKey={(a) => a.id}
        columns={columns}
        searchPlaceholder="申报名称或项目名称"
        emptyText="暂无评审任务"
        exportJob={can(P.reviewList.export) ? screensApi.myReviewsExportJob : undefined}
        exportName="我的评审"
        filters={
          <Space wrap>
            <Select
              aria-label="评审状态"
              allowClear
              placeholder="全部状态"
              style={{ width: 120 }}
              value={status}
              onChange={(v: Status | undefined) => setStatus(v)}
              options={STATUS_OPTIONS}
            />
            <Select
              aria-label="评审方式"
              allowClear
              placeholder="全部方式"
              style={{ width: 120 }}
              value={mode}
              onChange={(v: TAssignment['mode'] | undefined) => setMode(v)}
              options={[
                { value: 'score', label: '评分制' },
                { value: 'approval', label: '审批制' },
              ]}
            />
          </Space>
        }
        cardTitle={(a) => a.title}
        card={(a) => (
          <>
            <CardLine label="申报项目">{a.projectName}</CardLine>
            <CardLine label="评审环节">
              <Space size={8}>
                {a.stageName}
                <ModeTag mode={a.mode} />
              </Space>
            </CardLine>
            <CardLine label="状　　态">{state(a)}</CardLine>
            {a.status === 1 && (
              <CardLine label={a.mode === 'score' ? '总　　分' : '意　　见'}>
                <ReviewOutcome a={a} />
              </CardLine>
            )}
            <CardLine label="分配时间">{fmtTime(a.assignedAt)}</CardLine>
          </>
        )}
        cardActions={(a) => [act(a)]}
      />
      <ReviewDrawer id={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

export default function AllReviewsPage() {
  return (
    <Screen>
      <AllReviewsPageContent />
    </Screen>
  );
}
