import { PROJECT_PAGES as P, type TMyRound } from '@shetuan/shared/projects';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Space, Statistic } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { useCan } from '../../../platform/auth/can';
import { LinkButton } from '../../../platform/components/LinkButton';
import { projectKeys } from '../api';
import { fmtTime } from '../applicant/DeclarationParts';
import { CardLine, PagedList } from '../applicant/PagedList';
import { Screen } from '../applicant/Screen';
import { screensApi } from '../screens-api';
import { Ratio } from '../stats/StatsParts';
import { ModeTag } from './ReviewParts';

const average = (r: TMyRound) =>
  r.average === null ? '—' : r.mode === 'score' ? `${r.average} 分` : `同意 ${r.average}%`;

/**
 * /expertEvaluateList 评审任务: the caller's review work by project and round — how much was given,
 * how much is done, their mean score (or the share they agreed) — with the way into each round's
 * waiting reviews (/reviewList).
 */
function MyRoundsPageContent() {
  const navigate = useNavigate();
  const can = useCan();
  // The totals over every round (the first page of a hundred rounds is every round in practice).
  const all = useQuery({
    queryKey: [...projectKeys.all, 'my-rounds-total'],
    queryFn: () => screensApi.myRounds({ current: 1, pageSize: 100 }),
  });
  const rounds = all.data?.records ?? [];
  const assigned = rounds.reduce((n, r) => n + r.assigned, 0);
  const submitted = rounds.reduce((n, r) => n + r.submitted, 0);
  const open = (r: TMyRound) => {
    const waiting = r.assigned > r.submitted;
    return (
      <LinkButton
        key="open"
        onClick={() => void navigate(`/reviewList?projectId=${r.projectId}${waiting ? '&status=0' : ''}`)}
      >
        {waiting ? '去评审' : '查看评审'}
      </LinkButton>
    );
  };
  const columns: ColumnsType<TMyRound> = [
    { title: '申报项目', dataIndex: 'projectName' },
    { title: '评审环节', dataIndex: 'stageName' },
    { title: '评审方式', dataIndex: 'mode', render: (m: TMyRound['mode']) => <ModeTag mode={m} /> },
    {
      title: '进度',
      key: 'progress',
      width: 200,
      render: (_, r) => (
        <Ratio done={r.submitted} total={r.assigned} label={`${r.projectName}${r.stageName}的评审进度`} />
      ),
    },
    { title: '平均分 / 同意比例', key: 'average', render: (_, r) => average(r) },
    { title: '首次分配', dataIndex: 'firstAssignedAt', render: (v: string) => fmtTime(v) },
    { title: '操作', key: 'actions', render: (_, r) => open(r) },
  ];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small" loading={all.isPending}>
        <Row gutter={16}>
          <Col span={8}>
            <Statistic title="评审任务" value={assigned} suffix="份" />
          </Col>
          <Col span={8}>
            <Statistic title="已提交" value={submitted} suffix="份" />
          </Col>
          <Col span={8}>
            <Statistic title="待评审" value={assigned - submitted} suffix="份" />
          </Col>
        </Row>
      </Card>
      <PagedList
        name="review-rounds"
        title="评审任务（按项目）"
        fetch={screensApi.myRounds}
        rowKey={(r) => `${r.projectId}-${r.stage}`}
        columns={columns}
        searchPlaceholder="项目名称"
        emptyText="暂无评审任务"
        exportJob={can(P.reviewList.export) ? screensApi.myRoundsExportJob : undefined}
        exportName="我的评审任务"
        cardTitle={(r) => r.projectName}
        card={(r) => (
          <>
            <CardLine label="评审环节">
              <Space size={8}>
                {r.stageName}
                <ModeTag mode={r.mode} />
              </Space>
            </CardLine>
            <CardLine label="进　　度">
              {r.submitted} / {r.assigned}
            </CardLine>
            <CardLine label={r.mode === 'score' ? '平 均 分' : '同意比例'}>{average(r)}</CardLine>
          </>
        )}
        cardActions={(r) => [open(r)]}
      />
    </Space>
  );
}

export default function MyRoundsPage() {
  return (
    <Screen>
      <MyRoundsPageContent />
    </Screen>
  );
}
