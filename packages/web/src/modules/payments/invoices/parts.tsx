import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import {
  INVOICE_STATUS_NAMES,
  InvoiceStatus,
  type TInvoice,
  type TInvoiceDetail,
  type TInvoiceScope,
  type TInvoiceSeller,
  ZInvoiceIssue,
  ZInvoiceReject,
} from '@shetuan/shared/payments';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Input,
  Modal,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { feedback } from '../../../app/feedback';
import { useCan } from '../../../platform/auth/can';
import { ReasonDialog } from '../../../platform/components/ReasonDialog';
import { FileUpload } from '../../../platform/files/FileUpload';
import { FileViewer } from '../../../platform/files/FileViewer';
import type { UploadedFile } from '../../../platform/files/types';
import { fieldLimits, fieldRules } from '../../../platform/resource';
import { money, timeText } from '../helpers';
import { useIsPhone } from '../parts';
import { invoiceKeys, invoicesApi, type TInvoiceHandleScope } from './api';
import { INVOICE_SCOPE_PAGES, invoiceFile, invoiceTone } from './helpers';

const dash = (text: string | null | undefined) => text || '—';

/** An application's status as a tag. */
export function InvoiceStatusTag({ status, name }: { status: number; name?: string }) {
  return (
    <Tag color={invoiceTone(status)} style={{ marginInlineEnd: 0 }}>
      {name || INVOICE_STATUS_NAMES[status] || '未知'}
    </Tag>
  );
}

/** 下载发票: the issued PDF, saved under its name. */
export function DownloadInvoice({
  invoice,
  button,
}: {
  invoice: Pick<TInvoice, 'fileId' | 'fileName' | 'title'>;
  button?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  if (invoice.fileId === null) return null;
  const fileId = invoice.fileId;
  const download = async () => {
    setBusy(true);
    try {
      await invoicesApi.download(fileId, invoice.fileName);
    } catch {
      // The request client showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  return button ? (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void download()}>
      下载发票
    </Button>
  ) : (
    <Button
      type="link"
      size="small"
      style={{ paddingInline: 0 }}
      loading={busy}
      aria-label={`下载发票：${invoice.title}`}
      onClick={() => void download()}
    >
      下载发票
    </Button>
  );
}

type Line = TInvoiceDetail['lines'][number];

/** Whether the caller may issue and reject in this list, and whether the application still waits. */
function useHandling(scope: TInvoiceScope, d: TInvoiceDetail | undefined) {
  const can = useCan();
  const pending = d?.status === InvoiceStatus.PENDING;
  const page = scope === 'mine' ? null : INVOICE_SCOPE_PAGES[scope];
  return {
    mayIssue: Boolean(page && pending && can(page.issue)),
    mayReject: Boolean(page && pending && can(page.reject)),
  };
}

/** The buttons of an application: 下载发票 once issued, 驳回 and 开票 while it waits (开票管理, 开票运营). */
export function InvoiceButtons({
  scope,
  detail: d,
  onIssue,
  onReject,
}: {
  scope: TInvoiceScope;
  detail: TInvoiceDetail;
  onIssue?: (invoice: TInvoice) => void;
  onReject?: (invoice: TInvoice) => void;
}) {
  const { mayIssue, mayReject } = useHandling(scope, d);
  const file = invoiceFile(d);
  if (!file && !(mayIssue && onIssue) && !(mayReject && onReject)) return null;
  return (
    <Space wrap style={{ justifyContent: 'flex-end', width: '100%' }}>
      {file && <DownloadInvoice invoice={d} button />}
      {mayReject && onReject && (
        <Button danger onClick={() => onReject(d)}>
          驳回
        </Button>
      )}
      {mayIssue && onIssue && (
        <Button type="primary" onClick={() => onIssue(d)}>
          开票
        </Button>
      )}
    </Space>
  );
}

/**
 * An application's detail in a drawer: see InvoiceDetailView. 开票管理 and 开票运营 add 开票 and
 * 驳回 while it waits.
 */
export function InvoiceDrawer({
  scope,
  id,
  onClose,
  onIssue,
  onReject,
}: {
  scope: TInvoiceScope;
  id: number;
  onClose: () => void;
  onIssue?: (invoice: TInvoice) => void;
  onReject?: (invoice: TInvoice) => void;
}) {
  const detail = useQuery({ queryKey: invoiceKeys.detail(scope, id), queryFn: () => invoicesApi.get(scope, id) });
  const d = detail.data;
  const { mayIssue, mayReject } = useHandling(scope, d);
  const buttons = d && (d.fileId !== null || (mayIssue && onIssue) || (mayReject && onReject));
  return (
    <Drawer
      open
      title="发票申请详情"
      width="min(720px, 100vw)"
      onClose={onClose}
      destroyOnHidden
      footer={buttons ? <InvoiceButtons scope={scope} detail={d} onIssue={onIssue} onReject={onReject} /> : undefined}
    >
      {detail.isError ? (
        <Alert type="warning" showIcon message={detail.error.message} />
      ) : !d ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <InvoiceDetailView scope={scope} detail={d} />
      )}
    </Drawer>
  );
}

/**
 * An application: the title and taxpayer details, the amount, the status (the reason of a
 * rejection, the number and PDF of an issued invoice), the order and its lines as they were when
 * it was made. In the lists' drawer and on its own page (/invoice-detail).
 */
export function InvoiceDetailView({ scope, detail: d }: { scope: TInvoiceScope; detail: TInvoiceDetail }) {
  const phone = useIsPhone();
  const [viewing, setViewing] = useState(false);
  const file = invoiceFile(d);
  const company = d.titleType === 'company';

  const lineColumns: ColumnsType<Line> = [
    { title: '项目', dataIndex: 'item', width: 150 },
    { title: '税收分类编码', dataIndex: 'taxCode', width: 170, render: (t: string) => t || '—' },
    { title: '数量', dataIndex: 'quantity', width: 60, align: 'right' },
    { title: '单价', dataIndex: 'unitPriceFen', width: 100, align: 'right', render: (f: number) => money(f) },
    { title: '金额', dataIndex: 'amountFen', width: 100, align: 'right', render: (f: number) => money(f) },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {d.status === InvoiceStatus.REJECTED && (
        <Alert type="error" showIcon message="申请已驳回" description={`驳回原因：${dash(d.reason)}`} />
      )}
      <Descriptions
        size="small"
        bordered={!phone}
        column={{ xs: 1, sm: 1, md: 2 }}
        title="开票信息"
        items={[
          { key: 'status', label: '状态', children: <InvoiceStatusTag status={d.status} name={d.statusName} /> },
          {
            key: 'amount',
            label: '开票金额',
            children: <Typography.Text strong>{money(d.amountFen)}</Typography.Text>,
          },
          { key: 'titleType', label: '抬头类型', children: d.titleTypeName },
          { key: 'type', label: '发票类型', children: d.invoiceTypeName },
          {
            key: 'title',
            label: '发票抬头',
            span: { xs: 1, sm: 1, md: 2 },
            children: <span style={{ overflowWrap: 'anywhere' }}>{d.title}</span>,
          },
          ...(company
            ? [
                { key: 'taxNo', label: '纳税人识别号', children: dash(d.taxNo) },
                { key: 'address', label: '注册地址', children: dash(d.address) },
                { key: 'phone', label: '注册电话', children: dash(d.phone) },
                { key: 'bank', label: '开户银行', children: dash(d.bank) },
                { key: 'bankAccount', label: '银行账号', children: dash(d.bankAccount) },
              ]
            : []),
          {
            key: 'email',
            label: '接收邮箱',
            children: <span style={{ overflowWrap: 'anywhere' }}>{d.email}</span>,
          },
          { key: 'remark', label: '备注', children: dash(d.remark) },
          { key: 'applied', label: '申请时间', children: timeText(d.appliedAt) },
          ...(d.status === InvoiceStatus.ISSUED
            ? [
                {
                  key: 'no',
                  label: '发票号码',
                  children: (
                    <Typography.Text copyable={{ tooltips: ['复制', '已复制'] }}>{d.invoiceNo}</Typography.Text>
                  ),
                },
                {
                  key: 'file',
                  label: '发票文件',
                  children: file ? (
                    <Button
                      type="link"
                      size="small"
                      icon={<EyeOutlined />}
                      style={{ paddingInline: 0 }}
                      onClick={() => setViewing(true)}
                    >
                      {file.name}
                    </Button>
                  ) : (
                    '—'
                  ),
                },
              ]
            : []),
          ...(d.status !== InvoiceStatus.PENDING
            ? [
                {
                  key: 'handledBy',
                  label: d.status === InvoiceStatus.ISSUED ? '开票人' : '驳回人',
                  children: dash(d.handledBy),
                },
                { key: 'handledAt', label: '处理时间', children: timeText(d.handledAt) },
              ]
            : []),
        ]}
      />
      <Descriptions
        size="small"
        bordered={!phone}
        column={{ xs: 1, sm: 1, md: 2 }}
        title="订单信息"
        items={[
          { key: 'no', label: '订单号', children: <span style={{ overflowWrap: 'anywhere' }}>{d.orderNo}</span> },
          { key: 'title', label: '订单标题', children: d.orderTitle },
          ...(scope !== 'mine'
            ? [
                {
                  key: 'payer',
                  label: '付款人',
                  children: `${dash(d.payerName)}${d.payerMobile ? `（${d.payerMobile}）` : ''}`,
                },
              ]
            : [{ key: 'payee', label: '收款方', children: dash(d.payeeName) }]),
          { key: 'status', label: '订单状态', children: d.order.statusName },
          { key: 'amount', label: '订单金额', children: money(d.order.amountFen) },
          ...(d.order.refundedFen > 0
            ? [{ key: 'refunded', label: '已退款', children: money(d.order.refundedFen) }]
            : []),
          { key: 'paid', label: '支付时间', children: timeText(d.order.paidAt) },
        ]}
      />
      {scope !== 'mine' && <SellerView seller={d.seller} />}
      <div>
        <Typography.Title level={5}>订单明细</Typography.Title>
        <Table<Line>
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowKey={(l) => `${l.item}-${l.taxCode}-${l.unitPriceFen}-${l.quantity}`}
          columns={lineColumns}
          dataSource={d.lines}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无明细" /> }}
        />
      </div>
      {file && (
        <FileViewer
          files={[file]}
          index={viewing ? 0 : null}
          onIndexChange={() => undefined}
          onClose={() => setViewing(false)}
        />
      )}
    </Space>
  );
}

/** 未设置 for a seller's field the payee has not filled in its 开票设置. */
const unset = (text: string) => text || '未设置';

/**
 * The seller (销售方) as the application's payee's 开票设置 say it: what 开票管理 prints on the
 * invoice (a society's own, or the tenant's).
 */
function SellerView({ seller }: { seller: TInvoiceSeller }) {
  const phone = useIsPhone();
  return (
    <Descriptions
      size="small"
      bordered={!phone}
      column={{ xs: 1, sm: 1, md: 2 }}
      title="销售方（收款方的开票设置）"
      items={[
        { key: 'name', label: '销售方名称', children: unset(seller.name) },
        { key: 'taxNo', label: '纳税人识别号', children: unset(seller.taxNo) },
        {
          key: 'addressPhone',
          label: '地址、电话',
          children: <span style={{ overflowWrap: 'anywhere' }}>{unset(seller.addressPhone)}</span>,
        },
        {
          key: 'bank',
          label: '开户行及账号',
          children: <span style={{ overflowWrap: 'anywhere' }}>{unset(seller.bank)}</span>,
        },
      ]}
    />
  );
}

/** 开票's seller line: the name and taxpayer number, that the payee has not set it, or nothing yet. */
function sellerLine(seller: TInvoiceSeller | undefined, failed: boolean): string {
  if (!seller) return failed ? '—' : '…';
  if (!seller.name) return '未设置（开票设置）';
  return seller.taxNo ? `${seller.name}（${seller.taxNo}）` : seller.name;
}

/** A PDF only: the issued invoice as the tax system gave it. */
export const INVOICE_ACCEPT = ['pdf'] as const;

/** 开票: upload the PDF of the invoice issued offline, and its number. */
export function IssueDialog({
  scope,
  invoice,
  onClose,
  onDone,
}: {
  scope: TInvoiceHandleScope;
  invoice: TInvoice | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ files: UploadedFile[]; invoiceNo: string }>();
  const [saving, setSaving] = useState(false);
  // The seller to print: from the detail (the payee's 开票设置), shared with the drawer's query.
  const detail = useQuery({
    queryKey: invoiceKeys.detail(scope, invoice?.id ?? 0),
    queryFn: () => invoicesApi.get(scope, invoice?.id ?? 0),
    enabled: invoice !== null,
  });
  const seller = invoice && detail.data?.id === invoice.id ? detail.data.seller : undefined;
  return (
    <Modal
      open={invoice !== null}
      title="开票"
      okText="确认开票"
      cancelText="取消"
      okButtonProps={{ loading: saving }}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {invoice && (
        <>
          <Typography.Paragraph type="secondary">
            请在税务系统开具发票后，上传发票PDF并填写发票号码。付款人可在“我的发票”中下载。
          </Typography.Paragraph>
          <Descriptions
            size="small"
            column={1}
            style={{ marginBottom: 16 }}
            items={[
              {
                key: 'title',
                label: '发票抬头',
                children: <span style={{ overflowWrap: 'anywhere' }}>{invoice.title}</span>,
              },
              ...(invoice.taxNo ? [{ key: 'taxNo', label: '纳税人识别号', children: invoice.taxNo }] : []),
              { key: 'type', label: '发票类型', children: invoice.invoiceTypeName },
              { key: 'amount', label: '开票金额', children: money(invoice.amountFen) },
              { key: 'email', label: '接收邮箱', children: invoice.email },
              {
                key: 'seller',
                label: '销售方',
                children: <span style={{ overflowWrap: 'anywhere' }}>{sellerLine(seller, detail.isError)}</span>,
              },
            ]}
          />
          <Form
            form={form}
            layout="vertical"
            preserve={false}
            initialValues={{ files: [], invoiceNo: '' }}
            onFinish={async ({ files, invoiceNo }) => {
              const file = files[0];
              if (!file) return;
              setSaving(true);
              try {
                await invoicesApi.issue(scope, invoice.id, { fileId: file.id, invoiceNo: invoiceNo.trim() });
                void feedback.message.success('开票成功');
                void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
                onDone();
                onClose();
              } catch {
                // The request client showed the server's message.
              } finally {
                setSaving(false);
              }
            }}
          >
            <Form.Item
              name="files"
              label="发票文件"
              required
              extra="仅支持PDF，不超过10MB"
              rules={[
                {
                  validator: async (_rule, value: UploadedFile[] | undefined) => {
                    if (!value?.length) throw new Error('请上传发票文件');
                  },
                },
              ]}
            >
              <FileUpload maxCount={1} maxSizeMB={10} accept={INVOICE_ACCEPT} />
            </Form.Item>
            <Form.Item name="invoiceNo" label="发票号码" rules={fieldRules(ZInvoiceIssue, 'invoiceNo')}>
              <Input inputMode="numeric" maxLength={20} placeholder="8至20位数字" autoComplete="off" />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}

const REJECT_MAX = fieldLimits(ZInvoiceReject, 'reason').maxLength ?? 200;

/** 驳回: with the reason the payer sees; the payer may then apply again. */
export function RejectDialog({
  scope,
  invoice,
  onClose,
  onDone,
}: {
  scope: TInvoiceHandleScope;
  invoice: TInvoice | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  return (
    <ReasonDialog
      open={invoice !== null}
      title="驳回开票申请"
      intro={invoice && `${invoice.title}，${money(invoice.amountFen)}。驳回后付款人可修改信息重新申请。`}
      extra="付款人将看到这条原因"
      placeholder="如：纳税人识别号有误"
      maxLength={REJECT_MAX}
      rules={fieldRules(ZInvoiceReject, 'reason')}
      submit={async (reason) => {
        if (!invoice) return;
        await invoicesApi.reject(scope, invoice.id, { reason });
        void feedback.message.success('已驳回');
        void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
        onDone();
      }}
      onClose={onClose}
    />
  );
}
