import type { TDeclaration } from '@shetuan/shared/projects';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { LinkButton } from '../../../platform/components/LinkButton';
import { projectsApi } from '../api';
import { DeclarationStatusTag, fmtTime } from './DeclarationParts';
import { CardLine, PagedList } from './PagedList';
import { Screen } from './Screen';

/** 立项 / 未立项 / 未通过: what came of a declaration. */
function ResultTag({ d }: { d: TDeclaration }) {
  if (d.status === 'rejected') return <Tag color="error">未通过</Tag>;
  if (d.result === 'not_approved') return <Tag>未立项</Tag>;
  return <Tag color="success">{d.grade ? `立项（${d.grade}）` : '已立项'}</Tag>;
}

const score = (d: TDeclaration) => (d.score === null ? '—' : d.score);

/** /historyDeclare 历史申报: the applicant's declarations that have a result (decided or rejected). */
function HistoryPageContent() {
  const navigate = useNavigate();
  const view = (d: TDeclaration) => (
    <LinkButton key="view" onClick={() => void navigate(`/projectDeclareDetail?id=${d.id}`)}>
      查看
    </LinkButton>
  );
  const columns: ColumnsType<TDeclaration> = [
    { title: '申报名称', dataIndex: 'title' },
    { title: '申报项目', dataIndex: 'projectName' },
    { title: '推荐单位', dataIndex: 'unitName', render: (v: string) => v || '—' },
    { title: '结果', key: 'result', render: (_, d) => <ResultTag d={d} /> },
    { title: '状态', key: 'status', render: (_, d) => <DeclarationStatusTag d={d} /> },
    { title: '得分', key: 'score', align: 'right', render: (_, d) => score(d) },
    { title: '排名', dataIndex: 'rank', align: 'center', render: (v: number | null) => v ?? '—' },
    { title: '公示期至', dataIndex: 'publicityEndsAt', render: (v: string | null) => fmtTime(v) },
    { title: '提交时间', dataIndex: 'submittedAt', render: (v: string | null) => fmtTime(v) },
    { title: '操作', key: 'actions', render: (_, d) => view(d) },
  ];
  return (
    <PagedList
      name="my-history"
      title="历史申报"
      fetch={projectsApi.myHistory}
      rowKey={(d) => d.id}
      columns={columns}
      searchPlaceholder="申报名称"
      emptyText="暂无已有结果的申报"
      cardTitle={(d) => d.title}
      card={(d) => (
        <>
          <CardLine label="申报项目">{d.projectName}</CardLine>
          <CardLine label="结　　果">
            <ResultTag d={d} />
          </CardLine>
          <CardLine label="状　　态">
            <DeclarationStatusTag d={d} />
          </CardLine>
          {d.score !== null && (
            <CardLine label="得分排名">
              {d.score} 分{d.rank !== null ? `，第${d.rank}名` : ''}
            </CardLine>
          )}
          {d.publicityEndsAt && <CardLine label="公示期至">{fmtTime(d.publicityEndsAt)}</CardLine>}
        </>
      )}
      cardActions={(d) => [view(d)]}
    />
  );
}

export default function HistoryPage() {
  return (
    <Screen>
      <HistoryPageContent />
    </Screen>
  );
}
