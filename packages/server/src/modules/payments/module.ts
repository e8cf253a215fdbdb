import { PAYMENT_PAGES } from '@shetuan/shared/payments';
import { defineModule } from '../../platform/modules';
import { seedPaymentsDemo } from './demo';
import { paymentJobs } from './export';
import { paymentsHome } from './home';
import { invoiceJobs } from './invoice-export';
import { invoiceRoutes } from './invoice-routes';
import { payLinkRoutes } from './pay-link-routes';
import { reconcileJobs, startReconciliation } from './reconcile';
import { refundJobs } from './refunds';
import { paymentRoutes } from './routes';
import { walletJobs } from './wallet-export';
import { walletRoutes } from './wallet-routes';
import { withdrawalJobs } from './withdrawal-export';
import { withdrawalRoutes } from './withdrawal-routes';

/**
 * 订单与支付 (spec 001 §2.8, the payment shell of §2.1): orders that every paying module makes
 * through createOrder, the payment shell, WeChat Pay, Alipay, corporate transfer with voucher
 * review and a development provider, refunds, a double-entry ledger, and invoices of paid orders.
 * The catalogue's 订单与财务 group has the three order lists; 开票管理 and 我的发票 join it; 收款账户
 * joins 设置; 付款订单 and 我的发票 are everyone's (PERSONAL). 钱包 (设置), 支付流水 and 运营流水 (订单与财务)
 * read the ledger; the catalogue has them already.
 */
export const paymentsModule = defineModule({
  name: 'payments',
  routes: async (app) => {
    await paymentRoutes(app);
    await payLinkRoutes(app);
    await invoiceRoutes(app);
    await walletRoutes(app);
    await withdrawalRoutes(app);
  },
  pages: Object.values(PAYMENT_PAGES),
  menu: [
    {
      group: 'settings',
      entries: [
        { path: PAYMENT_PAGES.accounts.path, name: '收款账户' },
        { path: PAYMENT_PAGES.bankCards.path, name: '银行卡' },
        { path: PAYMENT_PAGES.withdraw.path, name: '申请提现' },
        { path: PAYMENT_PAGES.agreement.path, name: '收款协议' },
        { path: PAYMENT_PAGES.invoiceSettings.path, name: '开票设置' },
      ],
    },
    {
      group: 'finance',
      entries: [
        { path: PAYMENT_PAGES.invoiceIssue.path, name: '开票管理' },
        { path: PAYMENT_PAGES.invoiceApply.path, name: '我的发票' },
        { path: PAYMENT_PAGES.invoiceOperation.path, name: '开票运营' },
      ],
    },
  ],
  menuAdditions: [
    { version: 4, keys: [PAYMENT_PAGES.accounts.path] },
    { version: 5, keys: [PAYMENT_PAGES.invoiceIssue.path, PAYMENT_PAGES.invoiceApply.path] },
    {
      version: 6,
      keys: [
        PAYMENT_PAGES.bankCards.path,
        PAYMENT_PAGES.withdraw.path,
        PAYMENT_PAGES.agreement.path,
        PAYMENT_PAGES.invoiceSettings.path,
        PAYMENT_PAGES.invoiceOperation.path,
      ],
    },
  ],
  jobs: { ...paymentJobs, ...invoiceJobs, ...walletJobs, ...withdrawalJobs, ...reconcileJobs, ...refundJobs },
  onWorkerStart: startReconciliation,
  home: paymentsHome,
  seedDemo: seedPaymentsDemo,
});
