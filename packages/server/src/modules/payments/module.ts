import { PAYMENT_PAGES } from '@shetuan/shared/payments';
import { defineModule } from '../../platform/modules';
import { seedPaymentsDemo } from './demo';
import { paymentJobs } from './export';
import { paymentRoutes } from './routes';

/**
 * 订单与支付 (spec 001 §2.8, the payment shell of §2.1): orders that every paying module makes
 * through createOrder, the payment shell, WeChat Pay, Alipay, corporate transfer with voucher
 * review and a development provider, refunds and a double-entry ledger. The catalogue's 订单与财务
 * group has the three order lists; 收款账户 joins 设置; 付款订单 is everyone's (PERSONAL).
 */
export const paymentsModule = defineModule({
  name: 'payments',
  routes: paymentRoutes,
  pages: Object.values(PAYMENT_PAGES),
  menu: [{ group: 'settings', entries: [{ path: PAYMENT_PAGES.accounts.path, name: '收款账户' }] }],
  menuAdditions: [{ version: 4, keys: [PAYMENT_PAGES.accounts.path] }],
  jobs: paymentJobs,
  seedDemo: seedPaymentsDemo,
});
