import { z } from 'zod';
import { ZPageQuery } from '../platform/list';
import { definePage } from '../platform/pages';

/**
 * 订单与支付 (spec 001 §2.8 and the payment shell of §2.1): one money service that every paying
 * module uses. Amounts are integer fen everywhere; yuan appear only on screen and in exports.
 */
export const PAYMENT_PAGES = {
  /** 付款订单: the payer's own orders (pay, cancel, upload a transfer voucher); everyone has it. */
  mine: definePage('/orderPayment', '付款订单', { export: '导出' }),
  /** 收款订单: orders paid to the tenant (the society); vouchers to review, refunds. */
  collection: definePage('/orderCollection', '收款订单', { audit: '审核凭证', refund: '退款', export: '导出' }),
  /** 订单运营: every order of the tenant (operators). */
  operation: definePage('/orderOperation', '订单运营', { audit: '审核凭证', refund: '退款', export: '导出' }),
  /** 收款账户: where the money goes — WeChat Pay, Alipay, bank transfer, the development provider. */
  accounts: definePage('/receivingBankAccount', '收款账户', { add: '新增', edit: '编辑', delete: '删除' }),
} as const;

/** Order states (the module README has the transitions). */
export const OrderStatus = {
  PENDING: 0,
  REVIEW: 1,
  PAID: 2,
  CANCELLED: 3,
  REFUNDING: 4,
  REFUNDED: 5,
  PART_REFUNDED: 6,
} as const;
export type TOrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
export const ORDER_STATUS_NAMES: Record<number, string> = {
  0: '待支付',
  1: '待审核',
  2: '已支付',
  3: '已取消',
  4: '退款中',
  5: '已退款',
  6: '部分退款',
};

/** Receiving-account kinds: the providers, and corporate transfer. */
export const PAY_KINDS = ['wechat', 'alipay', 'transfer', 'dev'] as const;
export type TPayKind = (typeof PAY_KINDS)[number];
export const PAY_KIND_NAMES: Record<TPayKind, string> = {
  wechat: '微信支付',
  alipay: '支付宝',
  transfer: '对公转账',
  dev: '模拟支付（开发环境）',
};

/** Voucher review states. */
export const VoucherStatus = { WAITING: 0, APPROVED: 1, REJECTED: 2 } as const;
export const VOUCHER_STATUS_NAMES: Record<number, string> = { 0: '待审核', 1: '已通过', 2: '已驳回' };

/** Which of the three order lists (and which permission) a request reads. */
export const ORDER_SCOPES = ['mine', 'collection', 'operation'] as const;
export type TOrderScope = (typeof ORDER_SCOPES)[number];

/** Shows fen as yuan with two decimals, exactly (no floating point): 12345 → '123.45'. */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Reads yuan as fen exactly ('123.45' → 12345); null when it is not an amount of at most two decimals. */
export function yuanToFen(text: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export const ZOrder = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  title: z.string(),
  bizType: z.string(),
  bizTypeName: z.string(),
  payerName: z.string(),
  payerMobile: z.string(),
  payeeName: z.string(),
  amountFen: z.number().int(),
  refundedFen: z.number().int(),
  status: z.number().int(),
  statusName: z.string(),
  /** The receiving account's kind the order was (or is being) paid by; '' before a choice. */
  method: z.string(),
  methodName: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type TOrder = z.infer<typeof ZOrder>;

export const ZOrderLine = z.object({
  item: z.string(),
  taxCode: z.string(),
  quantity: z.number().int(),
  unitPriceFen: z.number().int(),
  amountFen: z.number().int(),
});

export const ZOrderEvent = z.object({
  at: z.string(),
  actor: z.string(),
  fromName: z.string(),
  toName: z.string(),
  remark: z.string(),
});

export const ZOrderPayment = z.object({
  id: z.number().int(),
  kind: z.string(),
  kindName: z.string(),
  providerTxnId: z.string(),
  amountFen: z.number().int(),
  /** 'applied': paid this order; 'exception': arrived for a cancelled or already-paid order, to refund. */
  state: z.enum(['applied', 'exception']),
  at: z.string(),
});

export const ZOrderVoucher = z.object({
  id: z.number().int(),
  fileId: z.number().int(),
  fileName: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  reason: z.string(),
  uploadedAt: z.string(),
  reviewedBy: z.string(),
  reviewedAt: z.string().nullable(),
});

export const ZOrderRefund = z.object({
  refundNo: z.string(),
  amountFen: z.number().int(),
  state: z.enum(['processing', 'done', 'failed']),
  stateName: z.string(),
  reason: z.string(),
  createdBy: z.string(),
  at: z.string(),
});

/** The payee's bank account a transfer goes to, with the remark to write. */
export const ZTransferInfo = z.object({
  accountName: z.string(),
  bankName: z.string(),
  accountNo: z.string(),
  remark: z.string(),
});
export type TTransferInfo = z.infer<typeof ZTransferInfo>;

export const ZOrderDetail = ZOrder.extend({
  lines: z.array(ZOrderLine),
  events: z.array(ZOrderEvent),
  payments: z.array(ZOrderPayment),
  vouchers: z.array(ZOrderVoucher),
  refunds: z.array(ZOrderRefund),
  transfer: ZTransferInfo.nullable(),
  /** What the caller may do now. */
  can: z.object({
    pay: z.boolean(),
    cancel: z.boolean(),
    uploadVoucher: z.boolean(),
    review: z.boolean(),
    refund: z.boolean(),
  }),
  /** Refundable now: paid less refunded and less refunds in progress. */
  refundableFen: z.number().int(),
});
export type TOrderDetail = z.infer<typeof ZOrderDetail>;

export const ZOrderQuery = ZPageQuery.extend({
  status: z.coerce.number({ error: '状态不正确' }).int().min(0).max(6, '状态不正确').optional(),
  method: z.enum(PAY_KINDS, { error: '支付方式不正确' }).optional(),
  from: z.iso.date({ error: '开始日期格式不正确' }).optional(),
  to: z.iso.date({ error: '结束日期格式不正确' }).optional(),
});
export type TOrderQuery = z.infer<typeof ZOrderQuery>;

export const ZOrderScopeParam = z.object({ scope: z.enum(ORDER_SCOPES, { error: '订单列表不存在' }) });

/** The payment shell's choices for one order. */
export const ZPayOptions = z.object({
  order: ZOrder,
  methods: z.array(z.object({ accountId: z.number().int(), kind: z.enum(PAY_KINDS), name: z.string() })),
});
export type TPayOptions = z.infer<typeof ZPayOptions>;

export const ZPayStart = z.object({
  accountId: z.coerce.number({ error: '请选择支付方式' }).int().positive('请选择支付方式'),
  /** qr on a desktop, page on a phone. */
  channel: z.enum(['qr', 'page'], { error: '支付渠道不正确' }).default('qr'),
});
export type TPayStart = z.infer<typeof ZPayStart>;

export const ZPayStarted = z.object({
  kind: z.enum(PAY_KINDS),
  qrCode: z.string().nullable(),
  redirectUrl: z.string().nullable(),
  transfer: ZTransferInfo.nullable(),
});
export type TPayStarted = z.infer<typeof ZPayStarted>;

/** What the payment page polls: the state, so it learns of the payment without a reload. */
export const ZOrderState = z.object({
  status: z.number().int(),
  statusName: z.string(),
  paidAt: z.string().nullable(),
});
export type TOrderState = z.infer<typeof ZOrderState>;

export const ZVoucherUpload = z.object({
  fileId: z.coerce.number({ error: '请上传转账凭证' }).int().positive('请上传转账凭证'),
  remark: z.string().trim().max(200, '备注最多200个字').default(''),
});

export const ZVoucherReview = z
  .object({
    approve: z.boolean({ error: '请选择审核结果' }),
    reason: z.string().trim().max(200, '驳回原因最多200个字').default(''),
  })
  .refine((v) => v.approve || v.reason.length > 0, { message: '请填写驳回原因', path: ['reason'] });

export const ZRefundCreate = z.object({
  amountFen: z.coerce.number({ error: '请输入退款金额' }).int('退款金额最小单位为分').positive('退款金额必须大于0'),
  reason: z.string({ error: '请填写退款原因' }).trim().min(1, '请填写退款原因').max(200, '退款原因最多200个字'),
});

export const ZCancelOrder = z.object({
  reason: z.string().trim().max(200, '取消原因最多200个字').default(''),
});

/** A receiving account as the list shows it: never its secrets, only whether they are set. */
export const ZReceivingAccount = z.object({
  id: z.number().int(),
  kind: z.enum(PAY_KINDS),
  kindName: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  /** For transfer: shown to payers. */
  accountName: z.string(),
  bankName: z.string(),
  accountNo: z.string(),
  /** Provider ids that are not secret (商户号, AppID). */
  merchantId: z.string(),
  appId: z.string(),
  secretsSet: z.boolean(),
  updatedAt: z.string(),
});
export type TReceivingAccount = z.infer<typeof ZReceivingAccount>;

const ZText = (name: string, max: number) => z.string().trim().max(max, `${name}最多${max}个字`).default('');
const ZPem = (name: string) =>
  z
    .string()
    .trim()
    .max(8000, `${name}过长`)
    .refine(
      (v) => v === '' || /-----BEGIN [A-Z ]+-----[\s\S]+-----END [A-Z ]+-----/.test(v),
      `${name}格式不正确（PEM）`,
    )
    .default('');

/**
 * Creating or changing a receiving account. Secrets left empty on a change keep their stored
 * values (the form never shows them back).
 */
export const ZReceivingAccountInput = z
  .object({
    kind: z.enum(PAY_KINDS, { error: '请选择收款方式' }),
    name: z.string({ error: '请输入账户名称' }).trim().min(1, '请输入账户名称').max(50, '账户名称最多50个字'),
    enabled: z.boolean().default(true),
    accountName: ZText('户名', 100),
    bankName: ZText('开户行', 100),
    accountNo: z
      .string()
      .trim()
      .regex(/^(\d[\d ]{5,38}\d)?$/, '银行账号应为数字')
      .default(''),
    merchantId: ZText('商户号', 32),
    appId: ZText('AppID', 32),
    serialNo: ZText('证书序列号', 64),
    privateKey: ZPem('商户私钥'),
    apiV3Key: z
      .string()
      .trim()
      .refine((v) => v === '' || v.length === 32, 'APIv3密钥为32位')
      .default(''),
    platformPublicKey: ZPem('平台公钥'),
    platformSerial: ZText('平台证书序列号', 64),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'transfer') {
      if (!v.accountName) ctx.addIssue({ code: 'custom', message: '请输入户名', path: ['accountName'] });
      if (!v.bankName) ctx.addIssue({ code: 'custom', message: '请输入开户行', path: ['bankName'] });
      if (!v.accountNo) ctx.addIssue({ code: 'custom', message: '请输入银行账号', path: ['accountNo'] });
    }
    if ((v.kind === 'wechat' || v.kind === 'alipay') && !v.appId)
      ctx.addIssue({ code: 'custom', message: '请输入AppID', path: ['appId'] });
    if (v.kind === 'wechat' && !v.merchantId)
      ctx.addIssue({ code: 'custom', message: '请输入商户号', path: ['merchantId'] });
  });
export type TReceivingAccountInput = z.infer<typeof ZReceivingAccountInput>;

/** The development provider's cashier (no login: the link carries a token). */
export const ZDevCashier = z.object({
  orderNo: z.string(),
  title: z.string(),
  amountFen: z.number().int(),
  payeeName: z.string(),
  status: z.number().int(),
  statusName: z.string(),
});
export type TDevCashier = z.infer<typeof ZDevCashier>;

export const ZDevCashierAction = z.object({
  token: z.string({ error: '支付链接无效' }).trim().min(10, '支付链接无效').max(200, '支付链接无效'),
  /** paid: pay; failed: the payment fails; twice: pay and send the notification twice. */
  outcome: z.enum(['paid', 'failed', 'twice'], { error: '请选择支付结果' }),
});

/** Ledger check: the sum of every account is zero. */
export const ZLedgerCheck = z.object({ entries: z.number().int(), sumFen: z.number().int(), balanced: z.boolean() });
