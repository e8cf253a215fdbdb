import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  PAYMENT_PAGES,
  type TOrderDetail,
  type TOrderScope,
  VoucherStatus,
  ZRefundCreate,
  ZVoucherReview,
} from '@shetuan/shared/payments';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Input,
  Modal,
  Result,
  Skeleton,
  Space,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { feedback } from '../../app/feedback';
import type { ApiError } from '../../app/request';
import { routePath } from '../../app/typed-api';
import { useCan } from '../../platform/auth/can';
import { LinkButton } from '../../platform/components/LinkButton';
import { FileViewer } from '../../platform/files/FileViewer';
import type { UploadedFile } from '../../platform/files/types';
import { fieldLimits, fieldRules } from '../../platform/resource';
import { ordersApi, paymentKeys, type TManageScope } from './api';
import { ExceptionRefundDialog } from './ExceptionRefund';
import { money, REFUND_TONES, refundAmount, SCOPE_PAGES, scopeOf, shellUrl, timeText, VOUCHER_TONES } from './helpers';
import { PayLinkButton, PayLinkDialog, RevokePayLinkButton, usePayLink } from './PayLinkAction';
import { CancelOrderAction, OrderStatusTag, useIsPhone } from './parts';

type Voucher = TOrderDetail['vouchers'][number];
type Line = TOrderDetail['lines'][number];
type Payment = TOrderDetail['payments'][number];
type Refund = TOrderDetail['refunds'][number];

/** A voucher as the file viewer reads it: through the API, with the token (never a public address). */
const voucherFile = (v: Voucher): UploadedFile => ({
  id: v.fileId,
  name: v.fileName,
  url: routePath('get', '/systemfile/files/{id}', { id: v.fileId }),
  filePath: '',
  fileSize: 0,
});

const empty = (text: string) => ({ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} /> });

/**
 * /orderDetail?id=&scope= (订单详情, from any of the three lists): the order, its lines, the bank
 * account of a transfer, the vouchers, the payments (an exception is money to refund), the refunds
 * and the timeline. Buttons follow what the server says the caller may do now (`can`).
 */
export default function OrderDetailPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const scope = scopeOf(search.get('scope'));
  const order = useQuery({
    queryKey: paymentKeys.order(scope ?? 'mine', id),
    queryFn: () => ordersApi.get(scope ?? 'mine', id),
    enabled: id > 0 && scope !== null,
  });
  if (!id || !scope) return <Result status="404" title="订单不存在或已删除" />;
  if (order.isError) return <Result status="warning" title={(order.error as ApiError).message} />;
  if (!order.data)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  return <OrderDetail scope={scope} detail={order.data} />;
}

function OrderDetail({ scope, detail: d }: { scope: TOrderScope; detail: TOrderDetail }) {
  const page = SCOPE_PAGES[scope];
  const can = useCan();
  const phone = useIsPhone();
  const navigate = useNavigate();
  const [viewing, setViewing] = useState<number | null>(null);
  const [reviewing, setReviewing] = useState<Voucher | null>(null);
  const [refunding, setRefunding] = useState(false);
  const [returning, setReturning] = useState<Payment | null>(null);
  const payLink = usePayLink(d.id);
  const manage = scope !== 'mine';
  // 审核凭证 and 退款 are function points of 收款订单 and 订单管理 (我的订单 has neither).
  const managePage = scope === 'collection' ? PAYMENT_PAGES.collection : PAYMENT_PAGES.operation;
  const mayReview = manage && d.can.review && can(managePage.audit);
  const mayRefund = manage && d.can.refund && d.refundableFen > 0 && can(managePage.refund);
  const mayReturn = manage && d.can.refundException && can(managePage.refund);
  const waiting = d.vouchers.find((v) => v.status === VoucherStatus.WAITING) ?? null;
  const files = d.vouchers.map(voucherFile);

  const toolbar = (
    <Space wrap>
      {scope === 'mine' && d.can.pay && (
        <Button type="primary" onClick={() => void navigate(shellUrl('pay', d.id))}>
          去支付
        </Button>
      )}
      {scope === 'mine' && d.can.payLink && <PayLinkButton busy={payLink.busy} onClick={payLink.open} />}
      {scope === 'mine' && d.can.payLink && d.payLinkToken && <RevokePayLinkButton orderId={d.id} />}
      {scope === 'mine' && d.can.uploadVoucher && (
        <Button onClick={() => void navigate(shellUrl('voucher', d.id))}>上传凭证</Button>
      )}
      {mayReview && waiting && (
        <Button type="primary" onClick={() => setReviewing(waiting)}>
          审核凭证
        </Button>
      )}
      {mayRefund && <Button onClick={() => setRefunding(true)}>退款</Button>}
      {scope === 'mine' && d.can.cancel && <CancelOrderAction orderId={d.id} orderNo={d.orderNo} button />}
    </Space>
  );

  const lineColumns: ColumnsType<Line> = [
    { title: '项目', dataIndex: 'item', width: 200 },
    { title: '税收分类编码', dataIndex: 'taxCode', width: 170, render: (t: string) => t || '—' },
    { title: '数量', dataIndex: 'quantity', width: 70, align: 'right' },
    { title: '单价', dataIndex: 'unitPriceFen', width: 110, align: 'right', render: (f: number) => money(f) },
    { title: '金额', dataIndex: 'amountFen', width: 110, align: 'right', render: (f: number) => money(f) },
  ];
  const voucherColumns: ColumnsType<Voucher> = [
    {
      title: '凭证文件',
      dataIndex: 'fileName',
      width: 200,
      render: (_, v, i) => (
        <LinkButton aria-label={`查看凭证：${v.fileName}`} onClick={() => setViewing(i)}>
          {v.fileName || '查看'}
        </LinkButton>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (_, v) => <Tag color={VOUCHER_TONES[v.status] ?? 'default'}>{v.statusName}</Tag>,
    },
    { title: '驳回原因', dataIndex: 'reason', width: 180, render: (r: string) => r || '—' },
    { title: '上传时间', dataIndex: 'uploadedAt', width: 150, render: (t: string) => timeText(t) },
    { title: '审核人', dataIndex: 'reviewedBy', width: 100, render: (r: string) => r || '—' },
    { title: '审核时间', dataIndex: 'reviewedAt', width: 150, render: (t: string | null) => timeText(t) },
    ...(mayReview
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 70,
            render: (_: unknown, v: Voucher) =>
              v.status === VoucherStatus.WAITING ? (
                <LinkButton aria-label={`审核凭证：${v.fileName}`} onClick={() => setReviewing(v)}>
                  审核
                </LinkButton>
              ) : null,
          },
        ]
      : []),
  ];
  const paymentColumns: ColumnsType<Payment> = [
    { title: '支付方式', dataIndex: 'kindName', width: 130 },
    {
      title: '交易号',
      dataIndex: 'providerTxnId',
      width: 220,
      render: (t: string) =>
        t ? <Typography.Text copyable={{ tooltips: ['复制', '已复制'] }}>{t}</Typography.Text> : '—',
    },
    { title: '金额', dataIndex: 'amountFen', width: 110, align: 'right', render: (f: number) => money(f) },
    {
      title: '状态',
      dataIndex: 'state',
      width: 130,
      render: (_, p) => {
        if (p.state !== 'exception') return <Tag color="success">已入账</Tag>;
        if (p.refund) return <Tag color={REFUND_TONES[p.refund.state] ?? 'default'}>异常，{p.refund.stateName}</Tag>;
        return <Tag color="error">异常（待退款）</Tag>;
      },
    },
    { title: '时间', dataIndex: 'at', width: 150, render: (t: string) => timeText(t) },
    ...(mayReturn
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 90,
            render: (_: unknown, p: Payment) =>
              p.refundable ? (
                <LinkButton danger aria-label={`退回异常款：${p.providerTxnId}`} onClick={() => setReturning(p)}>
                  退回
                </LinkButton>
              ) : null,
          },
        ]
      : []),
  ];
  const refundColumns: ColumnsType<Refund> = [
    {
      title: '退款单号',
      dataIndex: 'refundNo',
      width: 200,
      render: (no: string, r) => (
        <Space size={4} wrap>
          {no}
          {r.exception && <Tag>异常款</Tag>}
        </Space>
      ),
    },
    { title: '金额', dataIndex: 'amountFen', width: 110, align: 'right', render: (f: number) => money(f) },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      render: (_, r) => <Tag color={REFUND_TONES[r.state] ?? 'default'}>{r.stateName}</Tag>,
    },
    { title: '原因', dataIndex: 'reason', width: 200, render: (r: string) => r || '—' },
    { title: '操作人', dataIndex: 'createdBy', width: 100, render: (r: string) => r || '—' },
    { title: '时间', dataIndex: 'at', width: 150, render: (t: string) => timeText(t) },
  ];
  const tableProps = { size: 'small' as const, pagination: false as const, scroll: { x: 'max-content' as const } };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Link to={page.path}>
        <ArrowLeftOutlined /> 返回{page.name}
      </Link>
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0, whiteSpace: 'normal' }}>
            {d.title}
          </Typography.Title>
        }
        extra={phone ? undefined : toolbar}
      >
        {phone && <div style={{ marginBottom: 12 }}>{toolbar}</div>}
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 1, md: 2, lg: 3 }}
          items={[
            {
              key: 'no',
              label: '订单号',
              children: (
                <Typography.Text copyable={{ text: d.orderNo, tooltips: ['复制', '已复制'] }}>
                  {d.orderNo}
                </Typography.Text>
              ),
            },
            { key: 'status', label: '状态', children: <OrderStatusTag status={d.status} name={d.statusName} /> },
            { key: 'amount', label: '金额', children: <Typography.Text strong>{money(d.amountFen)}</Typography.Text> },
            { key: 'biz', label: '业务类型', children: d.bizTypeName || '—' },
            {
              key: 'payer',
              label: '付款人',
              children: `${d.payerName || '—'}${d.payerMobile ? `（${d.payerMobile}）` : ''}`,
            },
            { key: 'payee', label: '收款方', children: d.payeeName || '—' },
            { key: 'method', label: '支付方式', children: d.methodName || '—' },
            { key: 'created', label: '下单时间', children: timeText(d.createdAt) },
            { key: 'paid', label: '支付时间', children: timeText(d.paidAt) },
            ...(d.status === 0 ? [{ key: 'expires', label: '支付截止', children: timeText(d.expiresAt) }] : []),
            ...(d.refundedFen > 0 ? [{ key: 'refunded', label: '已退款', children: money(d.refundedFen) }] : []),
            ...(manage ? [{ key: 'refundable', label: '可退金额', children: money(d.refundableFen) }] : []),
          ]}
        />
      </Card>

      <Card title="订单明细" styles={{ body: phone ? { padding: 12 } : undefined }}>
        <Table<Line>
          {...tableProps}
          rowKey={(l) => `${l.item}-${l.taxCode}-${l.unitPriceFen}-${l.quantity}`}
          columns={lineColumns}
          dataSource={d.lines}
          locale={empty('暂无明细')}
          summary={() =>
            d.lines.length > 1 ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={4}>
                  合计
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  {money(d.amountFen)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
      </Card>

      {d.transfer && (
        <Card title="转账信息">
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 1, md: 2 }}
            items={[
              { key: 'name', label: '户名', children: d.transfer.accountName },
              { key: 'bank', label: '开户行', children: d.transfer.bankName },
              {
                key: 'no',
                label: '银行账号',
                children: (
                  <Typography.Text copyable={{ tooltips: ['复制', '已复制'] }}>{d.transfer.accountNo}</Typography.Text>
                ),
              },
              {
                key: 'remark',
                label: '转账备注',
                children: (
                  <Typography.Text copyable={{ tooltips: ['复制', '已复制'] }}>{d.transfer.remark}</Typography.Text>
                ),
              },
            ]}
          />
        </Card>
      )}

      <Card title="凭证" styles={{ body: phone ? { padding: 12 } : undefined }}>
        <Table<Voucher>
          {...tableProps}
          rowKey="id"
          columns={voucherColumns}
          dataSource={d.vouchers}
          locale={empty('暂无凭证')}
        />
      </Card>

      <Card title="支付记录" styles={{ body: phone ? { padding: 12 } : undefined }}>
        <Table<Payment>
          {...tableProps}
          rowKey="id"
          columns={paymentColumns}
          dataSource={d.payments}
          locale={empty('暂无支付记录')}
        />
      </Card>

      <Card title="退款记录" styles={{ body: phone ? { padding: 12 } : undefined }}>
        <Table<Refund>
          {...tableProps}
          rowKey="refundNo"
          columns={refundColumns}
          dataSource={d.refunds}
          locale={empty('暂无退款记录')}
        />
      </Card>

      <Card title="订单记录">
        {d.events.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无记录" />
        ) : (
          <Timeline
            items={d.events.map((e, i) => ({
              key: `${e.at}-${i}`,
              children: (
                <div style={{ overflowWrap: 'anywhere' }}>
                  <Typography.Text type="secondary">{timeText(e.at)}</Typography.Text>
                  <div>
                    {e.actor && <Typography.Text strong>{e.actor}：</Typography.Text>}
                    {e.fromName ? `${e.fromName} → ${e.toName}` : e.toName}
                  </div>
                  {e.remark && <Typography.Text type="secondary">{e.remark}</Typography.Text>}
                </div>
              ),
            }))}
          />
        )}
      </Card>

      <FileViewer files={files} index={viewing} onIndexChange={setViewing} onClose={() => setViewing(null)} />
      {scope !== 'mine' && (
        <>
          <ReviewDialog scope={scope} orderId={d.id} voucher={reviewing} onClose={() => setReviewing(null)} />
          <RefundDialog scope={scope} detail={d} open={refunding} onClose={() => setRefunding(false)} />
          <ExceptionRefundDialog scope={scope} orderId={d.id} payment={returning} onClose={() => setReturning(null)} />
        </>
      )}
      <PayLinkDialog orderId={d.id} link={payLink.link} onClose={payLink.close} />
    </Space>
  );
}

const REVIEW_MAX = fieldLimits(ZVoucherReview, 'reason').maxLength ?? 200;

/** 审核凭证: 通过, or 驳回 with the reason the payer is told (required then). */
function ReviewDialog({
  scope,
  orderId,
  voucher,
  onClose,
}: {
  scope: TManageScope;
  orderId: number;
  voucher: Voucher | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [viewing, setViewing] = useState(false);

  const decide = async (approve: boolean) => {
    if (!voucher) return;
    const reason = ((form.getFieldValue('reason') as string | undefined) ?? '').trim();
    if (!approve && !reason) {
      form.setFields([{ name: 'reason', errors: ['请填写驳回原因'] }]);
      return;
    }
    await form.validateFields();
    setBusy(approve ? 'approve' : 'reject');
    try {
      await ordersApi.review(scope, orderId, voucher.id, { approve, reason });
      void feedback.message.success(approve ? '凭证已通过，订单已支付' : '凭证已驳回');
      void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      onClose();
    } catch {
      // The request client showed the server's message.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      open={voucher !== null}
      title="审核凭证"
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space wrap style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>取消</Button>
          <Button
            danger
            loading={busy === 'reject'}
            disabled={busy !== null}
            onClick={() => void decide(false).catch(() => undefined)}
          >
            驳回
          </Button>
          <Button
            type="primary"
            loading={busy === 'approve'}
            disabled={busy !== null}
            onClick={() => void decide(true).catch(() => undefined)}
          >
            通过
          </Button>
        </Space>
      }
    >
      {voucher && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            请核对凭证上的金额、收款账户和转账备注。通过后订单即为已支付；驳回后付款人可重新上传。
          </Typography.Paragraph>
          <span>
            凭证文件：
            <LinkButton onClick={() => setViewing(true)}>{voucher.fileName || '查看'}</LinkButton>
          </span>
          <Typography.Text type="secondary">上传时间：{timeText(voucher.uploadedAt)}</Typography.Text>
          <Form form={form} layout="vertical" preserve={false}>
            <Form.Item
              name="reason"
              label="驳回原因"
              extra="驳回时必填，付款人将看到这条原因"
              rules={fieldRules(ZVoucherReview, 'reason')}
            >
              <Input.TextArea rows={3} maxLength={REVIEW_MAX} showCount placeholder="如：金额与订单不符" />
            </Form.Item>
          </Form>
          <FileViewer
            files={[voucherFile(voucher)]}
            index={viewing ? 0 : null}
            onIndexChange={() => undefined}
            onClose={() => setViewing(false)}
          />
        </Space>
      )}
    </Modal>
  );
}

const REFUND_REASON_MAX = fieldLimits(ZRefundCreate, 'reason').maxLength ?? 200;

/** 退款: an amount in yuan (at most what may still be refunded) and the reason. */
function RefundDialog({
  scope,
  detail,
  open,
  onClose,
}: {
  scope: TManageScope;
  detail: TOrderDetail;
  open: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ amount: string; reason: string }>();
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open={open}
      title="退款"
      okText="确认退款"
      cancelText="取消"
      okButtonProps={{ danger: true, loading: saving }}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        订单金额 {money(detail.amountFen)}，可退金额 {money(detail.refundableFen)}。退款将原路退回付款人。
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ amount: '', reason: '' }}
        onFinish={async ({ amount, reason }) => {
          const parsed = refundAmount(amount, detail.refundableFen);
          if ('error' in parsed) return;
          setSaving(true);
          try {
            await ordersApi.refund(scope, detail.id, { amountFen: parsed.fen, reason: reason.trim() });
            void feedback.message.success('退款已提交');
            void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
            onClose();
          } catch {
            // The request client showed the server's message.
          } finally {
            setSaving(false);
          }
        }}
      >
        <Form.Item
          name="amount"
          label="退款金额（元）"
          required
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const parsed = refundAmount(value, detail.refundableFen);
                if ('error' in parsed) throw new Error(parsed.error);
              },
            },
          ]}
        >
          <Input prefix="¥" suffix="元" inputMode="decimal" placeholder={`最多 ${money(detail.refundableFen)}`} />
        </Form.Item>
        <Form.Item name="reason" label="退款原因" rules={fieldRules(ZRefundCreate, 'reason')}>
          <Input.TextArea rows={3} maxLength={REFUND_REASON_MAX} showCount placeholder="如：活动取消，全额退款" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
