import type { TExpertRecord, TPickStatus } from '@shetuan/shared/experts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Result, Skeleton, Table, Tabs, Tag, Timeline, Typography } from 'antd';
import { Link } from 'react-router';
import { CALL_DETAIL_PATH } from '../calls/paths';
import { PickStatusTag } from '../selection/parts';
import { expertKeys, expertsApi } from './api';
import { timeText } from './ExpertProfile';

const none = (text: string) => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;

/** The draws the expert took part in (drawn or substitute), each opening its result. */
function Draws({ draws }: { draws: TExpertRecord['draws'] }) {
  if (draws.length === 0) return none('没有参加过专家遴选');
  return (
    <Table
      size="small"
      rowKey={(d) => `${d.drawId}-${d.substitute}`}
      pagination={draws.length > 10 ? { pageSize: 10 } : false}
      scroll={{ x: 'max-content' }}
      dataSource={draws}
      columns={[
        {
          title: '遴选名称',
          dataIndex: 'title',
          render: (_, d) => <Link to={`/selectionResult?id=${d.drawId}`}>{d.title}</Link>,
        },
        { title: '身份', dataIndex: 'substitute', render: (s: boolean) => (s ? '候补' : '抽中') },
        {
          title: '状态',
          dataIndex: 'statusName',
          render: (_, d) => <PickStatusTag status={d.status as TPickStatus} name={d.statusName} />,
        },
        { title: '原因', dataIndex: 'reason', render: (r: string) => r || '—' },
        { title: '抽取时间', dataIndex: 'drawnAt', render: (t: string) => timeText(t) },
        { title: '答复时间', dataIndex: 'respondedAt', render: (t: string | null) => timeText(t) },
      ]}
    />
  );
}

/** The calls the expert applied to. */
function Calls({ calls }: { calls: TExpertRecord['calls'] }) {
  if (calls.length === 0) return none('没有报名过专家征集');
  return (
    <Table
      size="small"
      rowKey="callId"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={calls}
      columns={[
        {
          title: '征集名称',
          dataIndex: 'title',
          render: (_, c) => <Link to={`${CALL_DETAIL_PATH}?id=${c.callId}`}>{c.title}</Link>,
        },
        { title: '审核状态', dataIndex: 'statusName', render: (s: string) => <Tag>{s}</Tag> },
        { title: '原因', dataIndex: 'reason', render: (r: string) => r || '—' },
        { title: '报名时间', dataIndex: 'appliedAt', render: (t: string) => timeText(t) },
      ]}
    />
  );
}

/** What happened to the record, newest first: who did what, when. */
function History({ events }: { events: TExpertRecord['events'] }) {
  if (events.length === 0) return none('暂无变更记录');
  return (
    <Timeline
      style={{ marginTop: 8 }}
      items={events.map((e) => ({
        key: e.id,
        children: (
          <>
            <Typography.Text strong>{e.actionName}</Typography.Text>
            {e.detail && <Typography.Text>：{e.detail}</Typography.Text>}
            <div>
              <Typography.Text type="secondary">
                {timeText(e.at)}
                {e.actorName ? ` · ${e.actorName}` : ''}
              </Typography.Text>
            </div>
          </>
        ),
      }))}
    />
  );
}

/** 专家档案 on the expert's detail: the draws, the calls and the history of the record. */
export function ExpertRecord({ id }: { id: number }) {
  const record = useQuery({ queryKey: expertKeys.record(id), queryFn: () => expertsApi.record(id) });
  return (
    <Card title="专家档案">
      {record.isError ? (
        <Result status="warning" title={record.error.message} />
      ) : !record.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Tabs
          items={[
            {
              key: 'draws',
              label: `参加的遴选（${record.data.draws.length}）`,
              children: <Draws draws={record.data.draws} />,
            },
            {
              key: 'calls',
              label: `报名的征集（${record.data.calls.length}）`,
              children: <Calls calls={record.data.calls} />,
            },
            { key: 'history', label: '变更记录', children: <History events={record.data.events} /> },
          ]}
        />
      )}
    </Card>
  );
}
