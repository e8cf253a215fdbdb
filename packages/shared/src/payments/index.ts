import { z } from 'zod';
import { ZPageQuery } from '../platform/list';

export * from './pages';

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
  /** An exception's refund (退款中, 已退款; a failed one leaves it to refund again), or null. */
  refund: z.object({ refundNo: z.string(), state: z.enum(['processing', 'done']), stateName: z.string() }).nullable(),
  /** An exception still to refund, that the caller may refund now (退回异常款). */
  refundable: z.boolean(),
  /** It may go back through its provider (退回原支付账户); otherwise only recorded as a transfer. */
  providerRefund: z.boolean(),
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
  /** Of an exception (money that arrived for a cancelled or already-paid order), not of the order. */
  exception: z.boolean(),
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
    /** 退回异常款: one of the order's exceptions may be refunded by the caller. */
    refundException: z.boolean(),
    /** 复制付款链接: the payer, while the order may be paid. */
    payLink: z.boolean(),
  }),
  /** Refundable now: paid less refunded and less refunds in progress. */
  refundableFen: z.number().int(),
  /** The payer's own view only: the token of the order's 付款链接, or null when there is none. */
  payLinkToken: z.string().nullable(),
});
export type TOrderDetail = z.infer<typeof ZOrderDetail>;

/**
 * The payee filter of the operators' lists (订单运营, 运营流水, 提现记录): 0 the tenant itself, else an
 * organisation's id. An organisation's administrator always sees its own, whatever it asks.
 */
const ZPayeeFilter = z.coerce.number({ error: '收款方不正确' }).int('收款方不正确').min(0, '收款方不正确').optional();

export const ZOrderQuery = ZPageQuery.extend({
  payee: ZPayeeFilter,
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

/**
 * 退回异常款: money that arrived for a cancelled or already-paid order goes back whole, through the
 * provider it came by (provider) or recorded as returned by bank transfer (transfer).
 */
export const ZExceptionRefund = z.object({
  how: z.enum(['provider', 'transfer'], { error: '请选择退款方式' }),
  reason: z.string({ error: '请填写退款原因' }).trim().min(1, '请填写退款原因').max(200, '退款原因最多200个字'),
});
export type TExceptionRefund = z.infer<typeof ZExceptionRefund>;

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

// ———————— 付款链接: someone else pays the order without logging in (/payService?token=) ————————

/** What an unknown or revoked link answers (and a token that cannot be one). */
export const PAY_LINK_INVALID = '付款链接无效或已失效';
/** 24 random bytes, base64url: 32 characters, 192 bits. */
export const PAY_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export const ZPayLinkToken = z
  .string({ error: PAY_LINK_INVALID })
  .trim()
  .regex(PAY_LINK_TOKEN_PATTERN, PAY_LINK_INVALID);
export const ZPayLinkQuery = z.object({ token: ZPayLinkToken });

/** The payer's link, made (or found) by 复制付款链接. */
export const ZPayLink = z.object({ token: z.string(), expiresAt: z.string() });
export type TPayLink = z.infer<typeof ZPayLink>;

/**
 * What the link shows whoever opens it: what is paid for, to whom, how much, by when, and the
 * payee's ways to pay. Of the payer only the name on the order and the masked mobile (138****0004).
 */
export const ZPayLinkView = z.object({
  orderNo: z.string(),
  title: z.string(),
  payerName: z.string(),
  payerMobile: z.string(),
  payeeName: z.string(),
  amountFen: z.number().int(),
  status: z.number().int(),
  statusName: z.string(),
  expiresAt: z.string(),
  lines: z.array(ZOrderLine),
  methods: ZPayOptions.shape.methods,
});
export type TPayLinkView = z.infer<typeof ZPayLinkView>;

/** What the link's page polls: the state, with the order's few lines to show beside the result. */
export const ZPayLinkState = ZOrderState.extend({
  orderNo: z.string(),
  title: z.string(),
  payeeName: z.string(),
  amountFen: z.number().int(),
  expiresAt: z.string(),
});
export type TPayLinkState = z.infer<typeof ZPayLinkState>;

/** 确认支付 through a link: the link's token and the chosen way. */
export const ZPayLinkStart = ZPayStart.extend({ token: ZPayLinkToken });

/** Ledger check: the sum of every account is zero. */
export const ZLedgerCheck = z.object({ entries: z.number().int(), sumFen: z.number().int(), balanced: z.boolean() });

// ———————— 收款方: the tenant itself, or one of its organisations (代收) ————————

/**
 * Who the caller receives money as: the tenant itself (orgId null) or one of its organisations.
 * `operator`: the tenant's own people (its operators and administrators), who see every payee in
 * 订单运营, 运营流水 and 提现记录 and settle with them; an organisation's administrator is not.
 */
export const ZPayeeContext = z.object({
  orgId: z.number().int().nullable(),
  name: z.string(),
  operator: z.boolean(),
});
export type TPayeeContext = z.infer<typeof ZPayeeContext>;

/** One choice of the payee filter: 0 the tenant itself, else an organisation. */
export const ZPayeeOption = z.object({ value: z.number().int(), label: z.string() });
export type TPayeeOption = z.infer<typeof ZPayeeOption>;
export const ZPayeeOptionsQuery = z.object({
  keyword: z.string().trim().max(50, '关键字最多50个字').optional(),
});

// ———————— 发票: invoices of paid orders (我的发票, 开票管理) ————————

/** Invoice application states: 0 待开票, 1 已开票, 2 已驳回 (a rejected one may be applied for again). */
export const InvoiceStatus = { PENDING: 0, ISSUED: 1, REJECTED: 2 } as const;
export const INVOICE_STATUS_NAMES: Record<number, string> = { 0: '待开票', 1: '已开票', 2: '已驳回' };

/** 抬头类型: a person or an organisation (单位: the taxpayer number is required). */
export const INVOICE_TITLE_TYPES = ['personal', 'company'] as const;
export type TInvoiceTitleType = (typeof INVOICE_TITLE_TYPES)[number];
export const INVOICE_TITLE_TYPE_NAMES: Record<TInvoiceTitleType, string> = { personal: '个人', company: '单位' };

/** 发票类型: 普通发票, or 专用发票 (单位 only, with the address, phone and bank account). */
export const INVOICE_KINDS = ['normal', 'special'] as const;
export type TInvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_NAMES: Record<TInvoiceKind, string> = { normal: '普通发票', special: '专用发票' };

/** 纳税人识别号: the unified social credit code (18) or an older taxpayer number, 15–20 digits and capitals. */
export const TAX_NO_PATTERN = /^[0-9A-Z]{15,20}$/;
/** 发票号码: 8 to 20 digits (paper invoices 8, fully digital ones 20). */
export const INVOICE_NO_PATTERN = /^\d{8,20}$/;

const ZOptionalText = (name: string, max: number) => z.string().trim().max(max, `${name}最多${max}个字`).default('');

/** 申请开票: for one paid order of the payer's, at most what may still be invoiced. */
export const ZInvoiceApply = z
  .object({
    orderId: z.coerce.number({ error: '请选择订单' }).int('请选择订单').positive('请选择订单'),
    titleType: z.enum(INVOICE_TITLE_TYPES, { error: '请选择抬头类型' }),
    title: z.string({ error: '请输入发票抬头' }).trim().min(1, '请输入发票抬头').max(100, '发票抬头最多100个字'),
    taxNo: z
      .string()
      .trim()
      .refine((v) => v === '' || TAX_NO_PATTERN.test(v), '纳税人识别号应为15至20位数字或大写字母')
      .default(''),
    email: z
      .string({ error: '请输入接收邮箱' })
      .trim()
      .min(1, '请输入接收邮箱')
      .max(100, '邮箱最多100个字')
      .refine((v) => z.email().safeParse(v).success, '邮箱格式不正确'),
    invoiceType: z.enum(INVOICE_KINDS, { error: '请选择发票类型' }).default('normal'),
    address: ZOptionalText('注册地址', 200),
    phone: z
      .string()
      .trim()
      .regex(/^([\d\-+() ]{5,30})?$/, '注册电话格式不正确')
      .default(''),
    bank: ZOptionalText('开户银行', 100),
    bankAccount: z
      .string()
      .trim()
      .regex(/^(\d[\d ]{5,38}\d)?$/, '银行账号应为数字')
      .default(''),
    amountFen: z.coerce.number({ error: '请输入开票金额' }).int('开票金额最小单位为分').positive('开票金额必须大于0'),
    remark: ZOptionalText('备注', 200),
  })
  .superRefine((v, ctx) => {
    const company = v.titleType === 'company';
    if (company && !v.taxNo) ctx.addIssue({ code: 'custom', message: '请输入纳税人识别号', path: ['taxNo'] });
    if (v.invoiceType === 'special') {
      if (!company) ctx.addIssue({ code: 'custom', message: '个人抬头只能开具普通发票', path: ['invoiceType'] });
      if (!v.address) ctx.addIssue({ code: 'custom', message: '请输入注册地址', path: ['address'] });
      if (!v.phone) ctx.addIssue({ code: 'custom', message: '请输入注册电话', path: ['phone'] });
      if (!v.bank) ctx.addIssue({ code: 'custom', message: '请输入开户银行', path: ['bank'] });
      if (!v.bankAccount) ctx.addIssue({ code: 'custom', message: '请输入银行账号', path: ['bankAccount'] });
    }
  });
export type TInvoiceApply = z.infer<typeof ZInvoiceApply>;

/** An invoice application as the lists show it. */
export const ZInvoice = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  orderTitle: z.string(),
  payerName: z.string(),
  payerMobile: z.string(),
  payeeName: z.string(),
  titleType: z.enum(INVOICE_TITLE_TYPES),
  titleTypeName: z.string(),
  title: z.string(),
  taxNo: z.string(),
  email: z.string(),
  invoiceType: z.enum(INVOICE_KINDS),
  invoiceTypeName: z.string(),
  address: z.string(),
  phone: z.string(),
  bank: z.string(),
  bankAccount: z.string(),
  amountFen: z.number().int(),
  remark: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  /** Why it was rejected (已驳回). */
  reason: z.string(),
  /** 发票号码 and the PDF (已开票): read through /systemfile/files/:fileId. */
  invoiceNo: z.string(),
  fileId: z.number().int().nullable(),
  fileName: z.string(),
  appliedAt: z.string(),
  /** Who issued or rejected it, and when. */
  handledBy: z.string(),
  handledAt: z.string().nullable(),
});
export type TInvoice = z.infer<typeof ZInvoice>;

/**
 * The seller (销售方) as the application's payee's 开票设置 say it now: what the payee prints on the
 * invoice (empty fields: not set).
 */
export const ZInvoiceSeller = z.object({
  name: z.string(),
  taxNo: z.string(),
  addressPhone: z.string(),
  bank: z.string(),
});
export type TInvoiceSeller = z.infer<typeof ZInvoiceSeller>;

/**
 * The detail: the application, the order's lines as they were when it was made, the order now, and
 * the seller from its payee's settings.
 */
export const ZInvoiceDetail = ZInvoice.extend({
  lines: z.array(ZOrderLine),
  seller: ZInvoiceSeller,
  order: z.object({
    amountFen: z.number().int(),
    refundedFen: z.number().int(),
    status: z.number().int(),
    statusName: z.string(),
    paidAt: z.string().nullable(),
  }),
});
export type TInvoiceDetail = z.infer<typeof ZInvoiceDetail>;

export const ZInvoiceQuery = ZPageQuery.extend({
  status: z.coerce.number({ error: '状态不正确' }).int().min(0, '状态不正确').max(2, '状态不正确').optional(),
});
export type TInvoiceQuery = z.infer<typeof ZInvoiceQuery>;

/** Which invoice list (and which permission) a request reads: the payer's or the payee's. */
export const INVOICE_SCOPES = ['mine', 'issue', 'operation'] as const;
export type TInvoiceScope = (typeof INVOICE_SCOPES)[number];

/** A paid order of the payer's, with what may still be invoiced (the application form's choices). */
export const ZInvoiceableOrder = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  title: z.string(),
  payeeName: z.string(),
  amountFen: z.number().int(),
  refundedFen: z.number().int(),
  /** Taken by applications not rejected (待开票 and 已开票). */
  invoicedFen: z.number().int(),
  invoiceableFen: z.number().int(),
  /** An application of the order waits (a second one is refused until it is handled). */
  pending: z.boolean(),
  paidAt: z.string().nullable(),
});
export type TInvoiceableOrder = z.infer<typeof ZInvoiceableOrder>;

/** 开票: the issued invoice's PDF (uploaded first) and its number. */
export const ZInvoiceIssue = z.object({
  fileId: z.coerce.number({ error: '请上传发票文件' }).int('请上传发票文件').positive('请上传发票文件'),
  invoiceNo: z
    .string({ error: '请输入发票号码' })
    .trim()
    .min(1, '请输入发票号码')
    .regex(INVOICE_NO_PATTERN, '发票号码应为8至20位数字'),
});
export type TInvoiceIssue = z.infer<typeof ZInvoiceIssue>;

/** 驳回: the reason the payer is told. */
export const ZInvoiceReject = z.object({
  reason: z.string({ error: '请填写驳回原因' }).trim().min(1, '请填写驳回原因').max(200, '驳回原因最多200个字'),
});
export type TInvoiceReject = z.infer<typeof ZInvoiceReject>;

// ———————— 钱包 and 流水: read views of the ledger ————————

/** A ledger account's name on screen: 收款（学会）, 微信支付待结算, …; unknown accounts as they are. */
export function ledgerAccountName(account: string): string {
  if (account === 'payee:tenant') return '收款（学会）';
  if (account.startsWith('payee:org:')) return '收款（单位）';
  if (account === 'suspense:refund') return '待退款';
  if (account === 'payee:withdrawing') return '提现中';
  if (account.startsWith('payee:withdrawing:org:')) return '提现中（单位）';
  if (account === 'payout:bank') return '已提现（银行）';
  if (account === 'revenue:service-fee') return '服务费收入';
  if (account.startsWith('clearing:')) {
    const kind = account.slice('clearing:'.length);
    const name = kind === 'dev' ? '模拟支付' : PAY_KIND_NAMES[kind as TPayKind];
    if (name) return `${name}待结算`;
  }
  return account;
}

/** The accounts the 运营流水 filter offers. */
export const LEDGER_ACCOUNTS = [
  'payee:tenant',
  'clearing:wechat',
  'clearing:alipay',
  'clearing:transfer',
  'clearing:dev',
  'suspense:refund',
  'payee:withdrawing',
  'payout:bank',
  'revenue:service-fee',
] as const;

/** 钱包: the tenant's money by the ledger, in fen. */
export const ZWallet = z.object({
  /** Whose wallet: the tenant itself or the caller's organisation. */
  payeeName: z.string(),
  /** Credited to payee:tenant (payments received). */
  incomeFen: z.number().int(),
  /** Debited back from payee:tenant (refunds). */
  refundedFen: z.number().int(),
  /** What payee:tenant holds: income less refunds. */
  balanceFen: z.number().int(),
  /** What suspense:refund holds: money that arrived for no order and must go back. */
  exceptionFen: z.number().int(),
  /** Orders to the tenant paid (once or more, refunded or not). */
  orders: z.number().int(),
  /** Held by withdrawals waiting for the operators (payee:withdrawing). */
  withdrawingFen: z.number().int(),
  /** Paid out to the payee's bank cards (net of service fees). */
  withdrawnFen: z.number().int(),
  /** Service fees taken on withdrawals (收款协议). */
  serviceFeeFen: z.number().int(),
  /** The last 12 months, China time, oldest first. */
  months: z.array(z.object({ month: z.string(), incomeFen: z.number().int(), refundedFen: z.number().int() })),
});
export type TWallet = z.infer<typeof ZWallet>;

/** One ledger line as the 流水 lists show it. */
export const ZFlow = z.object({
  id: z.number().int(),
  at: z.string(),
  txn: z.string(),
  account: z.string(),
  accountName: z.string(),
  amountFen: z.number().int(),
  /** 收入 or 支出: for a payee's line from the payee's point of view (a credit is income). */
  direction: z.enum(['收入', '支出']),
  orderId: z.number().int().nullable(),
  orderNo: z.string(),
  orderTitle: z.string(),
  memo: z.string(),
});
export type TFlow = z.infer<typeof ZFlow>;

export const ZFlowQuery = ZPageQuery.extend({
  payee: ZPayeeFilter,
  from: z.iso.date({ error: '开始日期格式不正确' }).optional(),
  to: z.iso.date({ error: '结束日期格式不正确' }).optional(),
  account: z.string().trim().max(64, '账户不正确').optional(),
});
export type TFlowQuery = z.infer<typeof ZFlowQuery>;

/** Which 流水 list (and which permission) a request reads. */
export const FLOW_SCOPES = ['payee', 'operator'] as const;
export type TFlowScope = (typeof FLOW_SCOPES)[number];

// ———————— 银行卡, 提现 and 收款协议: the payee takes its money out ————————

/** 开户名, 开户行 and the account: where a withdrawal is paid. */
export const ZBankCard = z.object({
  id: z.number().int(),
  accountName: z.string(),
  bankName: z.string(),
  branch: z.string(),
  accountNo: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type TBankCard = z.infer<typeof ZBankCard>;

export const ZBankCardInput = z.object({
  accountName: z.string({ error: '请输入开户名' }).trim().min(1, '请输入开户名').max(100, '开户名最多100个字'),
  bankName: z.string({ error: '请输入开户银行' }).trim().min(1, '请输入开户银行').max(100, '开户银行最多100个字'),
  branch: z.string().trim().max(100, '开户支行最多100个字').default(''),
  accountNo: z
    .string({ error: '请输入银行账号' })
    .trim()
    .min(1, '请输入银行账号')
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{8,32}$/, '银行账号应为8至32位数字')),
  isDefault: z.boolean().default(false),
});
export type TBankCardInput = z.infer<typeof ZBankCardInput>;

/** Shows an account number as **** **** 1234 (lists of others' cards). */
export function maskAccountNo(no: string): string {
  return no.length <= 4 ? no : `**** ${no.slice(-4)}`;
}

/** 收款协议: the service fee on each withdrawal and the agreement's text. */
export const ZPayAgreement = z.object({
  /** 服务费率 in basis points (万分之): 60 = 0.6 %. */
  feeRateBp: z.number().int(),
  /** 单笔最低服务费. */
  minFeeFen: z.number().int(),
  /** 单笔最低提现金额. */
  minWithdrawFen: z.number().int(),
  text: z.string(),
  /** Grows with each change; a withdrawal records the version its applicant agreed to. */
  version: z.number().int(),
  updatedBy: z.string(),
  updatedAt: z.string().nullable(),
});
export type TPayAgreement = z.infer<typeof ZPayAgreement>;

export const ZPayAgreementInput = z.object({
  feeRateBp: z.coerce
    .number({ error: '请输入服务费率' })
    .int('服务费率最多两位小数')
    .min(0, '服务费率不能小于0')
    .max(1000, '服务费率不能超过10%'),
  minFeeFen: z.coerce
    .number({ error: '请输入单笔最低服务费' })
    .int('金额最小单位为分')
    .min(0, '单笔最低服务费不能小于0'),
  minWithdrawFen: z.coerce
    .number({ error: '请输入单笔最低提现金额' })
    .int('金额最小单位为分')
    .min(1, '单笔最低提现金额必须大于0'),
  text: z.string().trim().max(5000, '协议内容最多5000个字').default(''),
});
export type TPayAgreementInput = z.infer<typeof ZPayAgreementInput>;

/** The agreement a tenant has before its operators write one: no fee, at least ¥1.00. */
export const DEFAULT_PAY_AGREEMENT: Omit<TPayAgreement, 'updatedBy' | 'updatedAt'> = {
  feeRateBp: 0,
  minFeeFen: 0,
  minWithdrawFen: 100,
  text: '',
  version: 0,
};

/** The service fee of a withdrawal: the rate, rounded half up to the fen, never below the minimum. */
export function withdrawalFee(amountFen: number, a: Pick<TPayAgreement, 'feeRateBp' | 'minFeeFen'>): number {
  return Math.max(a.minFeeFen, Math.floor((amountFen * a.feeRateBp + 5000) / 10000));
}

/** Withdrawal states: 0 待审核, 1 已打款, 2 已驳回, 3 已撤销 (by the applicant while it waits). */
export const WithdrawalStatus = { WAITING: 0, PAID: 1, REJECTED: 2, CANCELLED: 3 } as const;
export const WITHDRAWAL_STATUS_NAMES: Record<number, string> = { 0: '待审核', 1: '已打款', 2: '已驳回', 3: '已撤销' };

export const ZWithdrawal = z.object({
  id: z.number().int(),
  withdrawNo: z.string(),
  /** null: the tenant itself. */
  payeeOrgId: z.number().int().nullable(),
  payeeName: z.string(),
  amountFen: z.number().int(),
  feeFen: z.number().int(),
  /** What reaches the card: amount less the fee. */
  netFen: z.number().int(),
  accountName: z.string(),
  bankName: z.string(),
  branch: z.string(),
  accountNo: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  remark: z.string(),
  /** Why it was rejected (已驳回). */
  reason: z.string(),
  /** The bank's reference of the payout (已打款). */
  bankRef: z.string(),
  agreementVersion: z.number().int(),
  appliedBy: z.string(),
  appliedAt: z.string(),
  handledBy: z.string(),
  handledAt: z.string().nullable(),
});
export type TWithdrawal = z.infer<typeof ZWithdrawal>;

/** What the 申请提现 page needs: the balance, the agreement, the cards. */
export const ZWithdrawInfo = z.object({
  availableFen: z.number().int(),
  withdrawingFen: z.number().int(),
  agreement: ZPayAgreement,
  cards: z.array(ZBankCard),
});
export type TWithdrawInfo = z.infer<typeof ZWithdrawInfo>;

export const ZWithdrawApply = z.object({
  cardId: z.coerce.number({ error: '请选择银行卡' }).int('请选择银行卡').positive('请选择银行卡'),
  amountFen: z.coerce.number({ error: '请输入提现金额' }).int('提现金额最小单位为分').positive('提现金额必须大于0'),
  /** The agreement's version the applicant read and agreed to. */
  agreementVersion: z.coerce.number({ error: '请阅读并同意收款协议' }).int().min(0),
  agree: z.literal(true, { error: '请阅读并同意收款协议' }),
  remark: z.string().trim().max(200, '备注最多200个字').default(''),
});
export type TWithdrawApply = z.infer<typeof ZWithdrawApply>;

export const ZWithdrawApprove = z.object({
  bankRef: z
    .string({ error: '请输入打款流水号' })
    .trim()
    .min(1, '请输入打款流水号')
    .max(64, '打款流水号最多64个字')
    .regex(/^[0-9A-Za-z-]+$/, '打款流水号只能是数字、字母或-'),
});
export type TWithdrawApprove = z.infer<typeof ZWithdrawApprove>;

export const ZWithdrawReject = z.object({
  reason: z.string({ error: '请填写驳回原因' }).trim().min(1, '请填写驳回原因').max(200, '驳回原因最多200个字'),
});
export type TWithdrawReject = z.infer<typeof ZWithdrawReject>;

export const ZWithdrawalQuery = ZPageQuery.extend({
  payee: ZPayeeFilter,
  status: z.coerce.number({ error: '状态不正确' }).int().min(0, '状态不正确').max(3, '状态不正确').optional(),
  from: z.iso.date({ error: '开始日期格式不正确' }).optional(),
  to: z.iso.date({ error: '结束日期格式不正确' }).optional(),
});
export type TWithdrawalQuery = z.infer<typeof ZWithdrawalQuery>;

/** Which withdrawal list (and which permission) a request reads: the payee's own, or the operators'. */
export const WITHDRAWAL_SCOPES = ['mine', 'review'] as const;
export type TWithdrawalScope = (typeof WITHDRAWAL_SCOPES)[number];

// ———————— 开票设置 ————————

/**
 * 开票设置 are each payee's own (README, Invoicing settings): the tenant itself and each organisation
 * that receives money. `payee` asks for another payee's, 0 the tenant itself, else an organisation:
 * the tenant's operators only; anyone else may name only its own. Left out: the caller's payee.
 */
export const ZInvoiceSettingsQuery = z.object({ payee: ZPayeeFilter });
export type TInvoiceSettingsQuery = z.infer<typeof ZInvoiceSettingsQuery>;

export const ZInvoiceSettings = z.object({
  /** Whose settings these are: null the tenant itself, else the organisation. */
  payeeOrgId: z.number().int().nullable(),
  payeeName: z.string(),
  /** Takes applications at all (关闭 refuses new ones; those waiting are still handled). */
  enabled: z.boolean(),
  normal: z.boolean(),
  special: z.boolean(),
  /** The seller as it will be printed (销售方). */
  sellerName: z.string(),
  sellerTaxNo: z.string(),
  sellerAddressPhone: z.string(),
  sellerBank: z.string(),
  /** 开票说明: shown to payers on the application form. */
  note: z.string(),
  updatedBy: z.string(),
  updatedAt: z.string().nullable(),
});
export type TInvoiceSettings = z.infer<typeof ZInvoiceSettings>;

export const ZInvoiceSettingsInput = z
  .object({
    enabled: z.boolean({ error: '请选择是否接受开票申请' }),
    normal: z.boolean().default(true),
    special: z.boolean().default(true),
    sellerName: ZOptionalText('销售方名称', 100),
    sellerTaxNo: z
      .string()
      .trim()
      .refine((v) => v === '' || TAX_NO_PATTERN.test(v), '纳税人识别号应为15至20位数字或大写字母')
      .default(''),
    sellerAddressPhone: ZOptionalText('地址、电话', 200),
    sellerBank: ZOptionalText('开户行及账号', 200),
    note: ZOptionalText('开票说明', 500),
  })
  .superRefine((v, ctx) => {
    if (v.enabled && !v.normal && !v.special)
      ctx.addIssue({ code: 'custom', message: '请至少选择一种发票类型', path: ['normal'] });
  });
export type TInvoiceSettingsInput = z.infer<typeof ZInvoiceSettingsInput>;

/** What a payee has before it saves its own settings: applications taken, both kinds, no seller. */
export const DEFAULT_INVOICE_SETTINGS: Omit<TInvoiceSettings, 'payeeOrgId' | 'payeeName' | 'updatedBy' | 'updatedAt'> =
  {
    enabled: true,
    normal: true,
    special: true,
    sellerName: '',
    sellerTaxNo: '',
    sellerAddressPhone: '',
    sellerBank: '',
    note: '',
  };

// ———————— 订单统计 ————————

/** The figures above 收款订单 and 订单运营 for the list's filters (keyword, status, method, dates). */
export const ZOrderStats = z.object({
  orders: z.number().int(),
  amountFen: z.number().int(),
  /** Of orders paid (已支付, 退款中, 已退款, 部分退款): what was paid and what was refunded. */
  paidOrders: z.number().int(),
  paidFen: z.number().int(),
  refundedFen: z.number().int(),
  byStatus: z.array(
    z.object({
      status: z.number().int(),
      statusName: z.string(),
      orders: z.number().int(),
      amountFen: z.number().int(),
    }),
  ),
  byMethod: z.array(
    z.object({ method: z.string(), methodName: z.string(), orders: z.number().int(), paidFen: z.number().int() }),
  ),
  /** Paid orders by month of payment (China time), oldest first. */
  months: z.array(z.object({ month: z.string(), orders: z.number().int(), paidFen: z.number().int() })),
});
export type TOrderStats = z.infer<typeof ZOrderStats>;

export const ZOrderStatsQuery = ZOrderQuery.omit({ current: true, pageSize: true });
export type TOrderStatsQuery = z.infer<typeof ZOrderStatsQuery>;

/**
 * What the 申请开票 form needs of the settings of the order's payee (its payer may read them): an
 * order is paid to the tenant or to one of its organisations, each with its own settings.
 */
export const ZInvoiceApplyRules = ZInvoiceSettings.pick({ enabled: true, normal: true, special: true, note: true });
export type TInvoiceApplyRules = z.infer<typeof ZInvoiceApplyRules>;

/** The order an invoice is to be applied for: its payee's rules are the ones that apply. */
export const ZInvoiceApplyRulesQuery = z.object({
  orderId: z.coerce.number({ error: '请选择订单' }).int('请选择订单').positive('请选择订单'),
});
export type TInvoiceApplyRulesQuery = z.infer<typeof ZInvoiceApplyRulesQuery>;
