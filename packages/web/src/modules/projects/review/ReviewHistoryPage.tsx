import type { TAssignment } from '@shetuan/shared/projects';
import { useQuery } from '@tanstack/react-query';
import { Alert, Drawer, Skeleton, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { LinkButton } from '../../../platform/components/LinkButton';
import { projectKeys, projectsApi } from '../api';
import { fmtTime } from '../applicant/DeclarationParts';
import { CardLine, PagedList, useIsPhone } from '../applicant/PagedList';
import { Screen } from '../applicant/Screen';
import { AssignmentDeclaration, ModeTag, ReviewOutcome, SubmittedReview } from './ReviewParts';

/** 查看: the submitted review read-only, with the declaration it was about. */
export function ReviewDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const phone = useIsPhone();
  const detail = useQuery({
    queryKey: projectKeys.assignment(id ?? 0),
    queryFn: () => projectsApi.assignment(id ?? 0),
    enabled: Boolean(id),
  });
  const d = detail.data;
  return (
    <Drawer
      open={Boolean(id)}
      onClose={onClose}
      width={phone ? '100%' : 760}
      title={d ? <span style={{ whiteSpace: 'normal' }}>{d.assignment.title}</span> : '评审详情'}
      destroyOnHidden
    >
      {detail.isError && <Alert type="error" showIcon message={detail.error.message || '加载失败'} />}
      {!d && !detail.isError && <Skeleton active paragraph={{ rows: 8 }} />}
      {d && (
        // Focusable, so a keyboard can scroll the drawer's long content.
        <Space
          direction="vertical"
          size={20}
          style={{ width: '100%' }}
          tabIndex={0}
          role="region"
          aria-label="评审详情"
        >
          <div>
            <Typography.Title level={5}>我的评审</Typography.Title>
            <SubmittedReview detail={d} />
          </div>
          <AssignmentDeclaration detail={d} />
        </Space>
      )}
    </Drawer>
  );
}

/** /projectReviewList 评审列表: the reviews the caller has submitted, with their total or opinion. */
function ReviewHistoryPageContent() {
  const [viewing, setViewing] = useState<number | null>(null);
  const view = (a: TAssignment) => (
    <LinkButton key="view" onClick={() => setViewing(a.id)}>
      查看
    </LinkButton>
  );
  const columns: ColumnsType<TAssignment> = [
    { title: '申报名称', dataIndex: 'title' },
    { title: '申报项目', dataIndex: 'projectName' },
    { title: '评审环节', dataIndex: 'stageName' },
    { title: '评审方式', dataIndex: 'mode', render: (m: TAssignment['mode']) => <ModeTag mode={m} /> },
    { title: '总分 / 意见', key: 'outcome', render: (_, a) => <ReviewOutcome a={a} /> },
    { title: '提交时间', dataIndex: 'submittedAt', render: (v: string | null) => fmtTime(v) },
    { title: '操作', key: 'actions', render: (_, a) => view(a) },
  ];
  return (
    <>
      <PagedList
        name="review-history"
        title="已提交的评审"
        fetch={projectsApi.reviewHistory}
        rowKey={(a) => a.id}
        columns={columns}
        searchPlaceholder="申报名称或项目名称"
        emptyText="还没有提交过评审"
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
            <CardLine label={a.mode === 'score' ? '总　　分' : '意　　见'}>
              <ReviewOutcome a={a} />
            </CardLine>
            <CardLine label="提交时间">{fmtTime(a.submittedAt)}</CardLine>
          </>
        )}
        cardActions={(a) => [view(a)]}
      />
      <ReviewDrawer id={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

export default function ReviewHistoryPage() {
  return (
    <Screen>
      <ReviewHistoryPageContent />
    </Screen>
  );
}
