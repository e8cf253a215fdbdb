import { INVOICE_DETAIL_PATH, INVOICE_OFFLINE_ALIAS, PAYMENT_PAGES as P } from '@shetuan/shared/payments/pages';
import type { AppRoute, Crumb } from '../../../app/route-registry';

const group: Crumb = { name: '订单与财务' };

const route = (path: string, screen: AppRoute['screen'], name: string, list = true, crumb = group): AppRoute => ({
  path,
  screen,
  meta: { requireLogin: true, routerList: [crumb, { name }], ...(list ? { depth: 10 as const } : {}) },
  layout: 'console',
});

const handling = () => import('./InvoiceIssuePage');

/**
 * 我的发票 (the payer's invoice applications; members open it on phones), 开票管理 (the payee's;
 * also under its old path /invoice-management-offline, the catalogue's 发票管理), 开票运营 (the
 * operators'), 开票设置, and an application's own page (/invoice-detail?id=&scope=).
 * The payments web module lists them with its own routes: `[...paymentRoutes, ...invoiceRoutes]`.
 */
export const invoiceRoutes: AppRoute[] = [
  route(P.invoiceApply.path, () => import('./MyInvoicesPage'), P.invoiceApply.name),
  route(P.invoiceIssue.path, handling, P.invoiceIssue.name),
  // The same screen and permissions as 开票管理 (the regional client's old links).
  route(INVOICE_OFFLINE_ALIAS, handling, P.invoiceIssue.name),
  route(
    P.invoiceOperation.path,
    () => handling().then((m) => ({ default: m.InvoiceOperationPage })),
    P.invoiceOperation.name,
  ),
  // In the 设置 group of the menu, beside 收款协议.
  route(P.invoiceSettings.path, () => import('./InvoiceSettingsPage'), P.invoiceSettings.name, false, {
    name: '设置',
  }),
  route(INVOICE_DETAIL_PATH, () => import('./InvoiceDetailPage'), '发票申请详情', false),
];
