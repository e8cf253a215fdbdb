import { defineWebModule } from '../../app/web-module';
import { invoiceRoutes } from './invoices/routes';
import { paymentRoutes } from './routes';
import { walletRoutes } from './wallet/routes';

/**
 * 订单与支付 (spec 001 §2.8 and the payment shell of §2.1): 付款订单, 收款订单, 订单运营 and the order's
 * detail, 收款账户, the payment shell (/new-payment-index/…), the development provider's cashier,
 * invoices (我的发票, 开票管理), and the ledger's views (钱包, 支付流水, 运营流水).
 * Its pages sit in the catalogue's 订单与财务 group, which has its icon already (platform/layout).
 */
export const paymentsWebModule = defineWebModule({
  name: 'payments',
  routes: [...paymentRoutes, ...invoiceRoutes, ...walletRoutes],
});
