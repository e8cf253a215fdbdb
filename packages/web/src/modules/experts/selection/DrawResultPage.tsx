import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import {
  EXPERT_PAGES as P,
  type TDrawDetail,
  type TDrawPick,
  type TDrawVerification,
  ZInvitationAnswer,
} from '@shetuan/shared/experts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  List,
  Modal,
  Popconfirm,
  Progress,
  Result,
  Row,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { feedback } from '../../../app/feedback';
import type { ApiError } from '../../../app/request';
import { useCan } from '../../../platform/auth/can';
import { LinkButton } from '../../../platform/components/LinkButton';
import { ProgressDialog } from '../../../platform/jobs/ProgressDialog';
import { fieldRules } from '../../../platform/resource';
import { drawsApi, selectionKeys } from './api';
import { CardLine, DrawStatusTag, PickStatusTag, timeText, useIsPhone } from './parts';

const slotName = (slot: number) => `第${slot + 1}组`;
const orderName = (p: Pick<TDrawPick, 'substitute'>) => (p.substitute ? '候补' : '抽中');

/** The file name the server gives the draw's log (modules/experts/export.ts). */
const logFileName = (d: TDrawDetail) => `专家遴选记录-${d.title.replace(/[\\/:*?"<>|]/g, '_')}-种子${d.seed}.xlsx`;

/**
 * /selectionResult?id= (专家遴选 › 遴选结果): the draw's conditions and seed, each group's progress
 * (confirmed of needed, a shortfall once the substitutes are used up), every pick with its state,
 * 代为确认 / 代为拒绝 for invitations answered by phone, 复核 (the draw recomputed from its seed) and
 * 导出记录. /result-of-selection is this screen; /checkSelectionExpert opens it with 复核 (`verify`).
 */
export default function DrawResultPage({ verify }: { verify?: boolean } = {}) {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const draw = useQuery({
    queryKey: selectionKeys.draw(id),
    queryFn: () => drawsApi.get(id),
    enabled: id > 0,
  });
  if (!id) return <Result status="404" title="遴选不存在或已删除" />;
  if (draw.isError) return <Result status="warning" title={(draw.error as ApiError).message} />;
  if (!draw.data)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  return <DrawResult detail={draw.data} verify={verify} />;
}

function DrawResult({ detail, verify }: { detail: TDrawDetail; verify?: boolean }) {
  const can = useCan();
  const phone = useIsPhone();
  const queryClient = useQueryClient();
  const [verifying, setVerifying] = useState(Boolean(verify));
  const [jobKey, setJobKey] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [declining, setDeclining] = useState<TDrawPick | null>(null);
  const respond = can(P.selection.respond);

  const refresh = () => queryClient.invalidateQueries({ queryKey: selectionKeys.all });

  /** Answers for the expert; says what followed (a decline invites the group's next substitute). */
  const answer = async (pick: TDrawPick, accept: boolean, reason = '') => {
    const next = detail.picks
      .filter((p) => p.slot === pick.slot && p.status === 'waiting')
      .sort((a, b) => a.position - b.position)[0];
    await drawsApi.answer(detail.id, pick.id, { accept, reason });
    void feedback.message.success(
      accept
        ? `已代${pick.name}确认参加`
        : next
          ? `已代${pick.name}拒绝，已邀请下一位候补专家${next.name}`
          : `已代${pick.name}拒绝；${slotName(pick.slot)}候补已用完`,
    );
    await refresh();
  };

  const exportLog = async () => {
    setExporting(true);
    try {
      setJobKey((await drawsApi.logExportJob(detail.id)).key);
    } finally {
      setExporting(false);
    }
  };

  const actions = (p: TDrawPick) =>
    respond && p.status === 'invited'
      ? [
          <Popconfirm
            key="accept"
            title={`确认${p.name}参加？`}
            description="适用于电话等方式已确认的专家"
            okText="代为确认"
            cancelText="取消"
            onConfirm={() => answer(p, true).catch(() => undefined)}
          >
            <LinkButton aria-label={`代为确认：${p.name}`}>代为确认</LinkButton>
          </Popconfirm>,
          <LinkButton key="decline" danger aria-label={`代为拒绝：${p.name}`} onClick={() => setDeclining(p)}>
            代为拒绝
          </LinkButton>,
        ]
      : [];

  const columns: ColumnsType<TDrawPick> = [
    { title: '组别', dataIndex: 'slot', width: 64, render: (s: number) => slotName(s) },
    { title: '顺位', dataIndex: 'position', width: 56 },
    {
      title: '抽中/候补',
      dataIndex: 'substitute',
      width: 90,
      render: (_, p) => (p.substitute ? <Tag>候补</Tag> : <Tag color="blue">抽中</Tag>),
    },
    { title: '姓名', dataIndex: 'name', width: 90 },
    { title: '单位', dataIndex: 'unitName', width: 150 },
    { title: '职称', dataIndex: 'title', width: 110 },
    {
      title: '领域',
      dataIndex: 'domainNames',
      width: 140,
      render: (names: string[]) => names.join('，') || '—',
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (_, p) => <PickStatusTag status={p.status} name={p.statusName} />,
    },
    { title: '原因', dataIndex: 'reason', width: 140, render: (r: string) => r || '—' },
    {
      title: '邀请/答复时间',
      key: 'times',
      width: 160,
      render: (_, p) => (
        <div style={{ whiteSpace: 'nowrap' }}>
          <div>邀请：{timeText(p.invitedAt)}</div>
          <div>答复：{timeText(p.respondedAt)}</div>
        </div>
      ),
    },
    { title: '答复人', dataIndex: 'respondedBy', width: 130, render: (r: string) => r || '—' },
    ...(respond
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 150,
            fixed: 'right' as const,
            render: (_: unknown, p: TDrawPick) => <Space size={12}>{actions(p)}</Space>,
          },
        ]
      : []),
  ];

  const toolbar = (
    <Space wrap>
      <Button icon={<SafetyCertificateOutlined />} onClick={() => setVerifying(true)}>
        复核
      </Button>
      {can(P.selection.export) && (
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportLog()}>
          导出记录
        </Button>
      )}
    </Space>
  );

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0, whiteSpace: 'normal' }}>
            {detail.title}
          </Typography.Title>
        }
        extra={phone ? undefined : toolbar}
      >
        {phone && <div style={{ marginBottom: 12 }}>{toolbar}</div>}
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 1, md: 2, lg: 3 }}
          items={[
            { key: 'status', label: '状态', children: <DrawStatusTag name={detail.statusName} /> },
            {
              key: 'seed',
              label: '随机种子',
              children: (
                <Typography.Text code copyable={{ text: detail.seed, tooltips: ['复制', '已复制'] }}>
                  {detail.seed}
                </Typography.Text>
              ),
            },
            {
              key: 'progress',
              label: '确认情况',
              children: `已确认 ${detail.confirmed} / 需要 ${detail.needed}（已邀请 ${detail.invited}，已拒绝 ${detail.declined}）`,
            },
            { key: 'by', label: '创建人', children: detail.createdBy || '—' },
            { key: 'at', label: '创建时间', children: timeText(detail.createdAt) },
            {
              key: 'recent',
              label: '排除近期已邀请',
              children: detail.excludeRecentDays > 0 ? `近${detail.excludeRecentDays}天` : '不排除',
            },
            { key: 'units', label: '回避单位', children: detail.excludeUnitNames.join('，') || '无' },
            { key: 'experts', label: '回避专家', children: detail.excludeExpertNames.join('，') || '无' },
            ...(detail.remark ? [{ key: 'remark', label: '说明', children: detail.remark }] : []),
          ]}
        />
      </Card>

      <Row gutter={[16, 16]}>
        {detail.slots.map((s) => {
          const waiting = detail.picks.filter((p) => p.slot === s.index && p.status === 'waiting').length;
          return (
            <Col key={s.index} xs={24} md={12} xl={8}>
              <Card size="small" title={slotName(s.index)} style={{ height: '100%' }}>
                <CardLine label="条件">{s.text}</CardLine>
                <CardLine label="候选专家">{s.candidateCount} 人</CardLine>
                <CardLine label="抽取">
                  {s.count} 人，候补 {s.substitutes} 人（剩余候补 {waiting} 人）
                </CardLine>
                <CardLine label="已确认">
                  {s.confirmed} / {s.count}
                </CardLine>
                <Progress
                  percent={Math.round((Math.min(s.confirmed, s.count) / Math.max(1, s.count)) * 100)}
                  size="small"
                  aria-label={`${slotName(s.index)}确认进度`}
                />
                {s.short > 0 && waiting === 0 && (
                  <Alert
                    type="warning"
                    showIcon
                    style={{ marginTop: 8 }}
                    message={`还差 ${s.short} 人：候补已用完`}
                    description={
                      s.candidateCount < s.count + s.substitutes
                        ? `符合条件的专家只有 ${s.candidateCount} 人。可放宽条件再新建一次遴选。`
                        : '可放宽条件再新建一次遴选。'
                    }
                  />
                )}
              </Card>
            </Col>
          );
        })}
      </Row>

      <Card title="抽取结果" styles={{ body: phone ? { padding: 12 } : undefined }}>
        {phone ? (
          <List
            dataSource={detail.picks}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" /> }}
            renderItem={(p) => (
              <List.Item key={p.id} style={{ display: 'block', padding: 0, border: 0 }}>
                <Card
                  size="small"
                  style={{ marginBottom: 12 }}
                  title={
                    <Flex justify="space-between" align="center" gap={8}>
                      <span>
                        {p.name}
                        <Typography.Text type="secondary" style={{ fontWeight: 'normal', marginLeft: 8 }}>
                          {slotName(p.slot)} · 第{p.position}位 · {orderName(p)}
                        </Typography.Text>
                      </span>
                      <PickStatusTag status={p.status} name={p.statusName} />
                    </Flex>
                  }
                  actions={actions(p).length ? actions(p) : undefined}
                >
                  <CardLine label="单位">{p.unitName || '—'}</CardLine>
                  <CardLine label="职称">{p.title || '—'}</CardLine>
                  <CardLine label="领域">{p.domainNames.join('，') || '—'}</CardLine>
                  {p.reason && <CardLine label="原因">{p.reason}</CardLine>}
                  <CardLine label="邀请">{timeText(p.invitedAt)}</CardLine>
                  <CardLine label="答复">{timeText(p.respondedAt)}</CardLine>
                  {p.respondedBy && <CardLine label="答复人">{p.respondedBy}</CardLine>}
                </Card>
              </List.Item>
            )}
          />
        ) : (
          <Table<TDrawPick>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={detail.picks}
            pagination={false}
            scroll={{ x: 1300 }}
          />
        )}
      </Card>

      <DeclineDialog
        pick={declining}
        onClose={() => setDeclining(null)}
        onDecline={async (p, reason) => {
          await answer(p, false, reason);
          setDeclining(null);
        }}
      />
      <VerifyDialog open={verifying} detail={detail} onClose={() => setVerifying(false)} />
      <ProgressDialog
        jobKey={jobKey}
        title="导出遴选记录"
        fileName={logFileName(detail)}
        onClose={() => setJobKey(null)}
      />
    </Space>
  );
}

/** 代为拒绝: the reason is required (the expert's, as told by phone). */
function DeclineDialog({
  pick,
  onClose,
  onDecline,
}: {
  pick: TDrawPick | null;
  onClose: () => void;
  onDecline: (pick: TDrawPick, reason: string) => Promise<void>;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open={pick !== null}
      title={pick ? `代为拒绝：${pick.name}` : '代为拒绝'}
      okText="确认拒绝"
      okButtonProps={{ danger: true, loading: saving }}
      cancelText="取消"
      onCancel={onClose}
      destroyOnHidden
      onOk={() => form.submit()}
    >
      <Typography.Paragraph type="secondary">
        拒绝后将自动邀请该组的下一位候补专家（如有）。此操作不能撤销。
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={async ({ reason }) => {
          if (!pick) return;
          setSaving(true);
          try {
            await onDecline(pick, reason.trim());
          } catch {
            // The request client showed the server's message.
          } finally {
            setSaving(false);
          }
        }}
      >
        <Form.Item
          name="reason"
          label="不能参加的原因"
          rules={[
            { required: true, whitespace: true, message: '请填写不能参加的原因' },
            ...fieldRules(ZInvitationAnswer, 'reason'),
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：评审会期间出差" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The recomputed order of a slot as names (the ids are the picks' experts). */
function OrderList({ ids, detail, slot }: { ids: number[]; detail: TDrawDetail; slot: number }) {
  const count = detail.slots[slot]?.count ?? 0;
  if (ids.length === 0) return <Typography.Text type="secondary">无</Typography.Text>;
  return (
    <ol style={{ margin: 0, paddingInlineStart: 24 }}>
      {ids.map((expertId, i) => {
        const name = detail.picks.find((p) => p.expertId === expertId)?.name ?? `专家#${expertId}`;
        return (
          <li key={expertId}>
            {name}
            <Typography.Text type="secondary">（{i < count ? '抽中' : '候补'}）</Typography.Text>
          </li>
        );
      })}
    </ol>
  );
}

/** 复核: the server recomputes the draw from its seed and recorded candidates and compares. */
function VerifyDialog({ open, detail, onClose }: { open: boolean; detail: TDrawDetail; onClose: () => void }) {
  const verify = useQuery({
    queryKey: selectionKeys.verify(detail.id),
    queryFn: () => drawsApi.verify(detail.id),
    enabled: open,
    staleTime: 0,
    gcTime: 0,
  });
  const v: TDrawVerification | undefined = verify.data;
  return (
    <Modal
      open={open}
      title="复核抽取结果"
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      destroyOnHidden
      width={640}
    >
      {verify.isError ? (
        <Result status="warning" title={(verify.error as ApiError).message} />
      ) : !v || verify.isFetching ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          <Result
            status={v.consistent ? 'success' : 'error'}
            title={v.consistent ? '一致' : '不一致'}
            subTitle={
              v.consistent
                ? `用随机种子 ${v.seed} 和记录的候选名单重新计算，抽取顺序与记录完全一致。`
                : `用随机种子 ${v.seed} 和记录的候选名单重新计算，结果与记录不一致，请联系系统管理员核查。`
            }
            style={{ padding: '8px 0 16px' }}
          />
          {v.expected.map((ids, slot) => (
            <Card
              // biome-ignore lint/suspicious/noArrayIndexKey: slots are positional and never reorder
              key={slot}
              size="small"
              title={`${slotName(slot)}：候选 ${v.candidateCounts[slot] ?? 0} 人`}
              style={{ marginBottom: 12 }}
            >
              <Row gutter={16}>
                <Col xs={24} sm={v.consistent ? 24 : 12}>
                  <Typography.Text strong>重新计算的顺序</Typography.Text>
                  <OrderList ids={ids} detail={detail} slot={slot} />
                </Col>
                {!v.consistent && (
                  <Col xs={24} sm={12}>
                    <Typography.Text strong>记录的顺序</Typography.Text>
                    <OrderList ids={v.recorded[slot] ?? []} detail={detail} slot={slot} />
                  </Col>
                )}
              </Row>
            </Card>
          ))}
        </>
      )}
    </Modal>
  );
}
