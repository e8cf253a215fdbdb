// Zod-free on purpose: the route table (in the entry chunk every page loads) imports these, and a
// module that defines a zod schema brings zod to whatever imports it (docs/performance.md, page
// weight). Re-exported by the module's index.
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
  /** 我的发票: the payer's invoice applications (apply for a paid order, see, download); everyone has it. */
  invoiceApply: definePage('/receivingTicketFapiaoList', '我的发票', { export: '导出' }),
  /** 开票管理: applications for orders paid to the tenant; issue offline (upload the PDF) or reject. */
  invoiceIssue: definePage('/receivingTicketKaipiaoList', '开票管理', {
    issue: '开票',
    reject: '驳回',
    export: '导出',
  }),
  /** 钱包: what the ledger says the tenant (the society) received, refunded, holds, must give back. */
  wallet: definePage('/wallet', '钱包', {}),
  /** 支付流水: the ledger lines of the tenant's payee account (收入, 支出). */
  payeeFlows: definePage('/paymentFlowList', '支付流水', { export: '导出' }),
  /** 运营流水: every ledger line of the tenant, both sides of each movement. */
  operatorFlows: definePage('/operationFlowList', '运营流水', { export: '导出' }),
  /** 银行卡: the payee's bank cards that withdrawals go to. */
  bankCards: definePage('/bankList', '银行卡', { add: '新增', edit: '编辑', delete: '删除' }),
  /** 申请提现: the payee withdraws from its balance to a bank card, under the collection agreement. */
  withdraw: definePage('/widhDrawal', '申请提现', { apply: '提现', cancel: '撤销', export: '导出' }),
  /** 提现记录: the operators' list of withdrawals: pay out (with the bank's reference) or reject. */
  withdrawals: definePage('/purseList', '提现记录', { approve: '打款', reject: '驳回', export: '导出' }),
  /** 收款协议: the collection agreement — the service fee on withdrawals and its text. */
  agreement: definePage('/payAgent', '收款协议', { edit: '编辑' }),
  /** 开票设置: the payee's invoicing settings (seller, which invoice kinds, whether it takes applications). */
  invoiceSettings: definePage('/receivingTicketKaipiaoConfig', '开票设置', { edit: '编辑' }),
  /** 开票运营: every invoice application of the tenant (operators), issue offline or reject. */
  invoiceOperation: definePage('/op-invoice-management-offline', '开票运营', {
    issue: '开票',
    reject: '驳回',
    export: '导出',
  }),
} as const;

/** Old links of the payee's offline invoicing (the regional client's path) open 开票管理. */
export const INVOICE_OFFLINE_ALIAS = '/invoice-management-offline';
/** The invoice application's own page (?id=, and ?scope= of the list it was opened from). */
export const INVOICE_DETAIL_PATH = '/invoice-detail';

/** The web path a 付款链接 opens (spec 000 lists /payService among the routes needing no login). */
export const PAY_LINK_PATH = '/payService';
