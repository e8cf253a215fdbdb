import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn, timestamps } from '../../platform/db/columns';

/**
 * Tenant-owned: where a payee receives money. `kind` wechat | alipay | transfer | dev. Provider
 * secrets (private keys, the APIv3 key) are one AES-256-GCM sealed JSON in `secrets` (secrets.ts);
 * nothing secret is in a readable column.
 */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    /**
     * Null: an account of the tenant. Every payee, the tenant's organisations too, is collected
     * through the tenant's accounts (代收, README Payees), so it stays null.
     */
    payeeOrgId: bigint('payee_org_id', { mode: 'number' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    accountName: text('account_name').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    accountNo: text('account_no').notNull().default(''),
    merchantId: text('merchant_id').notNull().default(''),
    appId: text('app_id').notNull().default(''),
    secrets: text('secrets').notNull().default(''),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('payment_accounts_tenant_kind').on(t.tenantId, t.kind)],
);

/**
 * Tenant-owned: an order. Amounts are integer fen. `status` OrderStatus (0 待支付 … 6 部分退款).
 * `idem_key` makes creation idempotent per payer: a double click makes one order.
 */
export const orders = pgTable(
  'orders',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    orderNo: text('order_no').notNull(),
    title: text('title').notNull(),
    /** The module and its record that the order pays for ('membership.fee', 42). */
    bizType: text('biz_type').notNull(),
    bizRef: text('biz_ref').notNull().default(''),
    payerUserId: bigint('payer_user_id', { mode: 'number' }).notNull(),
    payerOrgId: bigint('payer_org_id', { mode: 'number' }),
    payerName: text('payer_name').notNull(),
    payeeOrgId: bigint('payee_org_id', { mode: 'number' }),
    payeeName: text('payee_name').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** Refunds done. */
    refundedFen: bigint('refunded_fen', { mode: 'number' }).notNull().default(0),
    status: smallint('status').notNull().default(0),
    /** The receiving account chosen at 去支付 (its kind is the method). */
    accountId: bigint('account_id', { mode: 'number' }),
    method: text('method').notNull().default(''),
    idemKey: text('idem_key'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The development provider's cashier link token (dev accounts only). */
    devToken: text('dev_token'),
    /**
     * The 付款链接's token (24 random bytes, base64url): whoever has it may pay this order without
     * logging in while it is 待支付 and not expired. Kept as is (the payer copies it again); null
     * when the payer never made one or revoked it.
     */
    payLinkToken: text('pay_link_token'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('orders_tenant_no').on(t.tenantId, t.orderNo),
    uniqueIndex('orders_tenant_idem').on(t.tenantId, t.payerUserId, t.idemKey),
    uniqueIndex('orders_tenant_dev_token').on(t.tenantId, t.devToken),
    uniqueIndex('orders_tenant_pay_link').on(t.tenantId, t.payLinkToken),
    index('orders_tenant_created').on(t.tenantId, t.createdAt),
    index('orders_tenant_payer_created').on(t.tenantId, t.payerUserId, t.createdAt),
    index('orders_tenant_status_expires').on(t.tenantId, t.status, t.expiresAt),
    check('orders_amount_positive', sql`${t.amountFen} > 0`),
    check('orders_refund_bounds', sql`${t.refundedFen} >= 0 and ${t.refundedFen} <= ${t.amountFen}`),
  ],
);

/** Tenant-owned: an order's lines (an invoice item of the dictionary, quantity, unit price). */
export const orderLines = pgTable(
  'order_lines',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    item: text('item').notNull(),
    taxCode: text('tax_code').notNull().default(''),
    quantity: integer('quantity').notNull(),
    unitPriceFen: bigint('unit_price_fen', { mode: 'number' }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }).onDelete('cascade'),
    index('order_lines_tenant_order').on(t.tenantId, t.orderId),
  ],
);

/** Tenant-owned: every change of an order's state (who, when, from, to, remark). */
export const orderEvents = pgTable(
  'order_events',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    actor: text('actor').notNull(),
    remark: text('remark').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }).onDelete('cascade'),
    index('order_events_tenant_order').on(t.tenantId, t.orderId),
  ],
);

/**
 * Tenant-owned: money that arrived (a provider's transaction or an approved transfer). One row per
 * provider transaction, whatever the number of notifications: the unique key is what makes a
 * notification applied once. `state` applied | exception (arrived for a cancelled or already-paid
 * order: to be refunded, never lost or counted twice).
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    providerTxnId: text('provider_txn_id').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    state: text('state').notNull(),
    raw: jsonb('raw').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }),
    uniqueIndex('order_payments_txn').on(t.tenantId, t.kind, t.providerTxnId),
    index('order_payments_tenant_order').on(t.tenantId, t.orderId),
  ],
);

/** Tenant-owned: transfer vouchers; `status` 0 待审核, 1 已通过, 2 已驳回. */
export const orderVouchers = pgTable(
  'order_vouchers',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    fileId: bigint('file_id', { mode: 'number' }).notNull(),
    fileName: text('file_name').notNull(),
    remark: text('remark').notNull().default(''),
    status: smallint('status').notNull().default(0),
    reason: text('reason').notNull().default(''),
    reviewedBy: text('reviewed_by').notNull().default(''),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }),
    index('order_vouchers_tenant_order').on(t.tenantId, t.orderId),
  ],
);

/**
 * Tenant-owned: refunds; `state` requested (recorded, then asked of its provider; its answer not yet
 * recorded) | processing (the provider finishes it later) | done | failed. Requested and processing
 * are 退款中 (refunds.ts).
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    refundNo: text('refund_no').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    state: text('state').notNull(),
    reason: text('reason').notNull(),
    providerRefundId: text('provider_refund_id').notNull().default(''),
    /**
     * The exception payment this refund returns (money that arrived for a cancelled or already-paid
     * order, held in suspense:refund); null for a refund of the order itself.
     */
    paymentId: bigint('payment_id', { mode: 'number' }),
    /** The receiving account it went back through (null: recorded as returned by bank transfer). */
    accountId: bigint('account_id', { mode: 'number' }),
    createdBy: text('created_by').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** When the provider finished it (done or failed); null while processing. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }),
    uniqueIndex('order_refunds_no').on(t.tenantId, t.refundNo),
    index('order_refunds_tenant_order').on(t.tenantId, t.orderId),
    /** An exception is refunded once: one refund not failed per payment. */
    uniqueIndex('order_refunds_payment_open')
      .on(t.tenantId, t.paymentId)
      .where(sql`${t.paymentId} is not null and ${t.state} <> 'failed'`),
    check('order_refunds_amount_positive', sql`${t.amountFen} > 0`),
  ],
);

/**
 * Tenant-owned: the double-entry ledger. Every movement of money is one `txn` of two or more lines
 * whose amounts sum to zero (a deferred constraint trigger checks each transaction at commit,
 * migration); so the sum over all accounts is always zero. Accounts: `clearing:<kind>` (money held
 * at a provider or arriving by transfer), `payee:tenant` or `payee:org:<id>` (owed to the payee),
 * `suspense:refund` (money to give back: paid twice, paid after cancelling).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    txn: text('txn').notNull(),
    account: text('account').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    memo: text('memo').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('ledger_entries_tenant_txn').on(t.tenantId, t.txn),
    index('ledger_entries_tenant_account').on(t.tenantId, t.account, t.at),
    /** 运营流水: every line of a tenant, newest first. */
    index('ledger_entries_tenant_at').on(t.tenantId, t.at),
  ],
);

/** An order line as an invoice keeps it: copied from the order when the application is made. */
export interface InvoiceLine {
  item: string;
  taxCode: string;
  quantity: number;
  unitPriceFen: number;
  amountFen: number;
}

/**
 * Tenant-owned: invoice applications (发票) of paid orders. `status` InvoiceStatus (0 待开票, 1 已开票,
 * 2 已驳回). The payer and the payee organisation are the order's, kept here for the two lists; the
 * order's lines are copied with their tax codes at application time (`lines`). At most one
 * application of an order waits at a time (a partial unique index); the invoiced amount is checked
 * under the order's row lock.
 */
export const invoices = pgTable(
  'invoices',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    payerUserId: bigint('payer_user_id', { mode: 'number' }).notNull(),
    /** The organisation that receives (null: the tenant itself), as on the order. */
    payeeOrgId: bigint('payee_org_id', { mode: 'number' }),
    /** personal | company */
    titleType: text('title_type').notNull(),
    title: text('title').notNull(),
    taxNo: text('tax_no').notNull().default(''),
    email: text('email').notNull(),
    /** normal | special */
    invoiceType: text('invoice_type').notNull(),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    bank: text('bank').notNull().default(''),
    bankAccount: text('bank_account').notNull().default(''),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    remark: text('remark').notNull().default(''),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    status: smallint('status').notNull().default(0),
    reason: text('reason').notNull().default(''),
    invoiceNo: text('invoice_no').notNull().default(''),
    fileId: bigint('file_id', { mode: 'number' }),
    fileName: text('file_name').notNull().default(''),
    appliedBy: text('applied_by').notNull(),
    handledBy: text('handled_by').notNull().default(''),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }),
    index('invoices_tenant_order').on(t.tenantId, t.orderId),
    index('invoices_tenant_payer_created').on(t.tenantId, t.payerUserId, t.createdAt),
    index('invoices_tenant_status_created').on(t.tenantId, t.status, t.createdAt),
    uniqueIndex('invoices_tenant_order_pending').on(t.tenantId, t.orderId).where(sql`${t.status} = 0`),
    check('invoices_amount_positive', sql`${t.amountFen} > 0`),
  ],
);

/**
 * Tenant-owned: the payee's bank cards that withdrawals go to (银行卡). The payee is the tenant
 * itself (payee_org_id null) or one of its organisations; each has its own cards and one default
 * (a partial unique index). A withdrawal copies the card, so a card may be changed or
 * removed at any time.
 */
export const bankCards = pgTable(
  'bank_cards',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    payeeOrgId: bigint('payee_org_id', { mode: 'number' }),
    accountName: text('account_name').notNull(),
    bankName: text('bank_name').notNull(),
    branch: text('branch').notNull().default(''),
    accountNo: text('account_no').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    /** One default card per payee (the tenant itself, or each organisation). */
    uniqueIndex('bank_cards_payee_default')
      .on(t.tenantId, sql`coalesce(${t.payeeOrgId}, 0)`)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * Tenant-owned: the collection agreement (收款协议), one row per tenant: the service fee taken on
 * each withdrawal (rate in basis points, a minimum per withdrawal), the least a withdrawal may be,
 * and the text payees agree to. `version` grows with each change.
 */
export const payAgreements = pgTable(
  'pay_agreements',
  {
    tenantId: tenantIdColumn(),
    feeRateBp: integer('fee_rate_bp').notNull().default(0),
    minFeeFen: bigint('min_fee_fen', { mode: 'number' }).notNull().default(0),
    minWithdrawFen: bigint('min_withdraw_fen', { mode: 'number' }).notNull().default(100),
    text: text('text').notNull().default(''),
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId] })],
);

/**
 * Tenant-owned: withdrawals (提现). `status` WithdrawalStatus (0 待审核, 1 已打款, 2 已驳回, 3 已撤销).
 * Applying moves the amount from payee:tenant to payee:withdrawing (so it cannot be withdrawn twice);
 * paying out moves it to payout:bank (net) and revenue:service-fee (fee); rejecting or cancelling
 * moves it back. The card is copied at application.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    withdrawNo: text('withdraw_no').notNull(),
    payeeOrgId: bigint('payee_org_id', { mode: 'number' }),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull(),
    accountName: text('account_name').notNull(),
    bankName: text('bank_name').notNull(),
    branch: text('branch').notNull().default(''),
    accountNo: text('account_no').notNull(),
    status: smallint('status').notNull().default(0),
    remark: text('remark').notNull().default(''),
    reason: text('reason').notNull().default(''),
    bankRef: text('bank_ref').notNull().default(''),
    agreementVersion: integer('agreement_version').notNull(),
    appliedByUserId: bigint('applied_by_user_id', { mode: 'number' }).notNull(),
    appliedBy: text('applied_by').notNull(),
    handledBy: text('handled_by').notNull().default(''),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('withdrawals_tenant_no').on(t.tenantId, t.withdrawNo),
    index('withdrawals_tenant_created').on(t.tenantId, t.createdAt),
    index('withdrawals_tenant_status_created').on(t.tenantId, t.status, t.createdAt),
    /** A payee's own withdrawals (申请提现's list, 提现记录's payee filter). */
    index('withdrawals_tenant_payee_created').on(t.tenantId, t.payeeOrgId, t.createdAt),
    check('withdrawals_amounts', sql`${t.amountFen} > 0 and ${t.feeFen} >= 0 and ${t.feeFen} < ${t.amountFen}`),
  ],
);

/**
 * Tenant-owned: a payee's invoicing settings (开票设置), one row per payee that saved its own: the
 * tenant itself and each organisation that receives money (README, Invoicing settings).
 */
export const invoiceSettings = pgTable(
  'invoice_settings',
  {
    tenantId: tenantIdColumn(),
    /**
     * The payee: 0 the tenant itself, else the organisation's id (payee_org_id elsewhere, where null
     * is the tenant; a primary key cannot hold null). The rows made before payees had their own are
     * the tenant's (0).
     */
    payeeKey: bigint('payee_key', { mode: 'number' }).notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    normal: boolean('normal').notNull().default(true),
    special: boolean('special').notNull().default(true),
    sellerName: text('seller_name').notNull().default(''),
    sellerTaxNo: text('seller_tax_no').notNull().default(''),
    sellerAddressPhone: text('seller_address_phone').notNull().default(''),
    sellerBank: text('seller_bank').notNull().default(''),
    note: text('note').notNull().default(''),
    updatedBy: text('updated_by').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.payeeKey] })],
);
