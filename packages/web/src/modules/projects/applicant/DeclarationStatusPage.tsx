import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { projectKeys, projectsApi } from '../api';
import { declarationActions } from './DeclarationActions';
import {
  AnswersView,
  DeclarationStatusTag,
  DeclarationTimeline,
  FlowSteps,
  fmtTime,
  lastReturn,
  useProjectForm,
  VersionList,
} from './DeclarationParts';
import { useIsPhone } from './PagedList';
import { Screen } from './Screen';
import { useApplicantActions } from './useApplicantActions';

/**
 * /projectDeclareDetail?id=: where the applicant's declaration stands — its status (with the
 * score, rank and grade once decided, and the publicity period), the flow's stages, who did what
 * and said what, the submitted versions and the answers.
 */
function DeclarationStatusPageContent() {
  const navigate = useNavigate();
  const phone = useIsPhone();
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const detail = useQuery({
    queryKey: projectKeys.mine(id),
    queryFn: () => projectsApi.myDeclaration(id),
    enabled: id > 0,
  });
  const form = useProjectForm(detail.data?.projectId);
  const actions = useApplicantActions();
  const done = detail.data?.status === 'decided' || detail.data?.status === 'rejected';
  const back = (
    <Button onClick={() => void navigate(done ? '/historyDeclare' : '/DeclareList')}>
      {done ? '返回历史申报' : '返回我的申报'}
    </Button>
  );

  if (!id) return <Result status="404" title="申报不存在或已删除" extra={back} />;
  if (detail.isError) return <Result status="warning" title={detail.error.message || '加载失败'} extra={back} />;
  if (!detail.data)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  const d = detail.data;
  const returned = d.status === 'returned' ? lastReturn(d.timeline) : undefined;
  const publicity = d.publicityEndsAt && dayjs(d.publicityEndsAt).isAfter(dayjs());

  const buttons: ReactNode[] = declarationActions(d, {
    actions,
    edit: () => void navigate(`/projectDeclare?id=${d.id}`),
  });
  buttons.push(<span key="back">{back}</span>);

  const facts = [
    { key: 'project', label: '申报项目', children: d.projectName },
    { key: 'status', label: '当前状态', children: <DeclarationStatusTag d={d} /> },
    { key: 'applicant', label: '申报人', children: d.applicantName },
    { key: 'unit', label: '推荐单位', children: d.unitName || '—' },
    { key: 'version', label: '提交次数', children: d.version },
    { key: 'submitted', label: '最近提交', children: fmtTime(d.submittedAt) },
  ];
  if (d.status === 'decided') {
    if (d.score !== null) facts.push({ key: 'score', label: '得分', children: d.score });
    if (d.rank !== null) facts.push({ key: 'rank', label: '排名', children: `第${d.rank}名` });
    facts.push({ key: 'grade', label: '等级', children: d.grade ?? (d.result === 'not_approved' ? '未立项' : '—') });
  }
  // While the publicity runs, the notice above says until when.
  if (d.publicityEndsAt && !publicity)
    facts.push({ key: 'publicity', label: '公示截止', children: fmtTime(d.publicityEndsAt) });

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        styles={{ header: { paddingBlock: 12 } }}
        title={<span style={{ whiteSpace: 'normal' }}>{d.title}</span>}
        extra={phone ? undefined : <Space wrap>{buttons}</Space>}
      >
        {returned && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message={`退回意见（${returned.actorName}，${fmtTime(returned.at)}）`}
            description={<span style={{ whiteSpace: 'pre-wrap' }}>{returned.remark || '请修改后重新提交。'}</span>}
          />
        )}
        {publicity && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={`评审结果公示中，公示期至 ${fmtTime(d.publicityEndsAt)}`}
          />
        )}
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small" items={facts} />
        {phone && (
          <Space wrap style={{ marginTop: 12 }}>
            {buttons}
          </Space>
        )}
      </Card>
      <Card title="评审流程">
        <FlowSteps flow={d.flow} d={d} />
      </Card>
      <Card title="办理记录">
        <DeclarationTimeline timeline={d.timeline} />
      </Card>
      <Card title="提交版本">
        <VersionList versions={d.versions} />
      </Card>
      <Card title="申报内容">
        <AnswersView schema={form.data?.schema} data={d.data} />
        {form.isError && <Typography.Text type="danger">{form.error.message}</Typography.Text>}
      </Card>
    </Space>
  );
}

export default function DeclarationStatusPage() {
  return (
    <Screen>
      <DeclarationStatusPageContent />
    </Screen>
  );
}
