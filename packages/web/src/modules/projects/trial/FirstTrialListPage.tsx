import { BarChartOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LinkButton } from '../../../platform/components/LinkButton';
import { projectsApi, type THandled } from '../api';
import { fmtTime } from '../applicant/DeclarationParts';
import { CardLine, PagedList } from '../applicant/PagedList';
import { Screen } from '../applicant/Screen';
import { TrialDrawer } from './TrialDrawer';

/** What the unit did, in the unit's words. */
const ACTIONS: Record<string, { text: string; color: string }> = {
  pass: { text: '推荐', color: 'success' },
  return: { text: '退回修改', color: 'warning' },
  reject: { text: '不通过', color: 'error' },
};

function ActionTag({ action }: { action: string }) {
  const a = ACTIONS[action] ?? { text: action, color: 'default' };
  return <Tag color={a.color}>{a.text}</Tag>;
}

/**
 * /projectFirstTrialList 初审列表: every first-trial decision the caller's unit has made, and the way
 * to the unit's 推荐情况 and 推荐报告 (/jsTrialUnitDetails).
 */
function FirstTrialListPageContent() {
  const navigate = useNavigate();
  const [viewing, setViewing] = useState<number | null>(null);
  const view = (r: THandled) => (
    <LinkButton key="view" onClick={() => setViewing(r.declarationId)}>
      查看
    </LinkButton>
  );
  const columns: ColumnsType<THandled> = [
    { title: '申报名称', dataIndex: 'title' },
    { title: '申报项目', dataIndex: 'projectName' },
    { title: '初审结果', dataIndex: 'action', render: (v: string) => <ActionTag action={v} /> },
    {
      title: '意见',
      dataIndex: 'remark',
      render: (v: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{v || '—'}</span>,
    },
    { title: '经办人', dataIndex: 'actorName' },
    { title: '办理时间', dataIndex: 'at', render: (v: string) => fmtTime(v) },
    { title: '操作', key: 'actions', render: (_, r) => view(r) },
  ];
  return (
    <>
      <PagedList
        name="trial-handled"
        title="初审记录"
        fetch={projectsApi.trialHandled}
        rowKey={(r) => r.id}
        columns={columns}
        searchPlaceholder="申报名称"
        emptyText="本单位还没有初审记录"
        filters={
          <Button icon={<BarChartOutlined />} onClick={() => void navigate('/jsTrialUnitDetails')}>
            推荐情况与推荐报告
          </Button>
        }
        cardTitle={(r) => r.title}
        card={(r) => (
          <>
            <CardLine label="申报项目">{r.projectName}</CardLine>
            <CardLine label="初审结果">
              <ActionTag action={r.action} />
            </CardLine>
            {r.remark && <CardLine label="意　　见">{r.remark}</CardLine>}
            <CardLine label="经 办 人">{r.actorName}</CardLine>
            <CardLine label="办理时间">{fmtTime(r.at)}</CardLine>
          </>
        )}
        cardActions={(r) => [view(r)]}
      />
      <TrialDrawer id={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

export default function FirstTrialListPage() {
  return (
    <Screen>
      <FirstTrialListPageContent />
    </Screen>
  );
}
