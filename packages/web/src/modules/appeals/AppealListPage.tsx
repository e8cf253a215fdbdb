import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { APPEAL_PAGES, AppealStatus, type TAppealRow, ZAppealRefuse } from '@shetuan/shared/appeals';
import { useQueryClient } from '@tanstack/react-query';
import { Grid, Space, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { feedback } from '../../app/feedback';
import { useCan } from '../../platform/auth/can';
import { LinkButton } from '../../platform/components/LinkButton';
import { ListPage } from '../../platform/components/ListPage';
import { ReasonDialog } from '../../platform/components/ReasonDialog';
import { fieldRules } from '../../platform/resource/rules';
import { AcceptDialog } from './AcceptDialog';
import { AppealDrawer } from './AppealDrawer';
import { appealKeys, appealPaths, appealsApi } from './api';

type Row = TAppealRow & Record<string, unknown>;
const P = APPEAL_PAGES.appeal;
const TABS = [
  { key: 'all', label: '全部' },
  { key: String(AppealStatus.PENDING), label: '待处理' },
  { key: String(AppealStatus.ACCEPTED), label: '已受理' },
  { key: String(AppealStatus.REFUSED), label: '已驳回' },
];
const STATUS_COLORS: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error' };
const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '—');

/**
 * /appeal (人工申诉): the tenant's appeals for staff — tabs by state, keyword search, paging, 导出 as
 * a background job; 详情 shows the description and the proofs; 受理 takes an action on an account
 * (the phone changed, the lock lifted) or records another; 驳回 needs the reason the person reads.
 */
export default function AppealListPage() {
  const can = useCan();
  const queryClient = useQueryClient();
  const phone = !Grid.useBreakpoint().md;
  const table = useRef<ActionType | undefined>(undefined);
  const [tab, setTab] = useState('all');
  const params = useMemo(() => (tab === 'all' ? {} : { status: Number(tab) }), [tab]);
  const [viewing, setViewing] = useState<TAppealRow | null>(null);
  const [accepting, setAccepting] = useState<TAppealRow | null>(null);
  const [refusing, setRefusing] = useState<TAppealRow | null>(null);
  const mayHandle = can(P.edit);
  const done = () => {
    setViewing(null);
    void queryClient.invalidateQueries({ queryKey: appealKeys.all });
    void table.current?.reload();
  };
  const pending = (a: TAppealRow) => a.status === AppealStatus.PENDING && mayHandle;
  const actions = (a: TAppealRow) => (
    <Space size={12} wrap>
      <LinkButton aria-label={`详情：${a.number}`} onClick={() => setViewing(a)}>
        详情
      </LinkButton>
      {pending(a) && (
        <LinkButton aria-label={`受理：${a.number}`} onClick={() => setAccepting(a)}>
          受理
        </LinkButton>
      )}
      {pending(a) && (
        <LinkButton danger aria-label={`驳回：${a.number}`} onClick={() => setRefusing(a)}>
          驳回
        </LinkButton>
      )}
    </Space>
  );
  const status = (a: TAppealRow) => <Tag color={STATUS_COLORS[a.status]}>{a.statusName}</Tag>;

  const columns: ProColumns<Row>[] = [
    { title: '申诉编号', dataIndex: 'number', width: 170 },
    { title: '姓名', dataIndex: 'name', width: 96 },
    { title: '手机号', dataIndex: 'phone', width: 120 },
    { title: '身份证号', dataIndex: 'idNumber', width: 180 },
    { title: '遇到的问题', dataIndex: 'categoryName', width: 140 },
    { title: '提交时间', dataIndex: 'createdAt', width: 160, render: (_, a) => time(a.createdAt) },
    { title: '状态', dataIndex: 'status', width: 90, render: (_, a) => status(a) },
    {
      title: '处理结果',
      dataIndex: 'result',
      width: 220,
      render: (_, a) =>
        a.handledAt ? (
          <Space direction="vertical" size={0}>
            <span>
              {a.actionName || '驳回'}
              {a.handlerName && <Typography.Text type="secondary">（{a.handlerName}）</Typography.Text>}
            </span>
            <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
              {a.result}
            </Typography.Text>
          </Space>
        ) : (
          '—'
        ),
    },
    { title: '操作', key: 'actions', width: 150, fixed: 'right', render: (_, a) => actions(a) },
  ];
  const compact: ProColumns<Row>[] = [
    {
      title: '申诉',
      dataIndex: 'number',
      render: (_, a) => (
        <Space direction="vertical" size={2}>
          <Space wrap>
            <Typography.Text strong>{a.name}</Typography.Text>
            {status(a)}
          </Space>
          <Typography.Text type="secondary">
            {a.number} · {a.categoryName}
          </Typography.Text>
          <Typography.Text type="secondary">{time(a.createdAt)}</Typography.Text>
          {actions(a)}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<Row>
        title={P.name}
        rowKey="id"
        path={appealPaths.list}
        actionRef={table}
        params={params}
        columns={phone ? compact : columns}
        searchPlaceholder="申诉编号、姓名、手机号、身份证号"
        tabs={{ items: TABS, activeKey: tab, onChange: setTab }}
        exportPath={can(P.export) ? appealPaths.exportJob : undefined}
        exportJobPath={can(P.export) ? appealPaths.exportJob : undefined}
        exportName={P.name}
      />
      {viewing && (
        <AppealDrawer
          id={viewing.id}
          onClose={() => setViewing(null)}
          onAccept={mayHandle ? () => setAccepting(viewing) : undefined}
          onRefuse={mayHandle ? () => setRefusing(viewing) : undefined}
        />
      )}
      <AcceptDialog appeal={accepting} onClose={() => setAccepting(null)} onDone={done} />
      <ReasonDialog
        open={refusing !== null}
        title="驳回申诉"
        intro={refusing && `${refusing.number}，${refusing.name}。驳回后将短信告知申诉人。`}
        extra="申诉人将在短信和申诉查询中看到这条原因"
        placeholder="如：证明材料不清晰，请重新提交"
        maxLength={200}
        rules={fieldRules(ZAppealRefuse, 'reason')}
        submit={async (reason) => {
          if (!refusing) return;
          await appealsApi.refuse(refusing.id, reason);
          void feedback.message.success('已驳回，已短信告知申诉人');
          done();
        }}
        onClose={() => setRefusing(null)}
      />
    </>
  );
}
