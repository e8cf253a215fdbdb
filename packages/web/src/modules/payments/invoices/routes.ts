import { PAYMENT_PAGES as P } from '@shetuan/shared/payments';
import type { AppRoute, Crumb } from '../../../app/route-registry';

const group: Crumb = { name: '订单与财务' };

const route = (path: string, screen: AppRoute['screen'], name: string): AppRoute => ({
  path,
  screen,
  meta: { requireLogin: true, routerList: [group, { name }], depth: 10 },
  layout: 'console',
});

/**
 * 我的发票 (the payer's invoice applications; members open it on phones) and 开票管理 (the payee's).
 * The payments web module lists them with its own routes: `[...paymentRoutes, ...invoiceRoutes]`.
 */
export const invoiceRoutes: AppRoute[] = [
  route(P.invoiceApply.path, () => import('./MyInvoicesPage'), P.invoiceApply.name),
  route(P.invoiceIssue.path, () => import('./InvoiceIssuePage'), P.invoiceIssue.name),
];
