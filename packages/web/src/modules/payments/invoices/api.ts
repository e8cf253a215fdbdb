import type { TInvoiceScope } from '@shetuan/shared/payments';
import { api } from '../../../app/request';
import { type ApiBody, apiCall, routePath } from '../../../app/typed-api';

/** The list (ListPage reads it) and the export job of 我的发票 (mine), 开票管理 (issue) and 开票运营 (operation). */
export const invoiceListPath = (scope: TInvoiceScope) => routePath('get', `/payments/invoices/${scope}`);
export const invoiceExportPath = (scope: TInvoiceScope) => routePath('post', `/payments/invoices/${scope}/export-jobs`);

/** Query keys of the invoices (under the payments module's). */
export const invoiceKeys = {
  all: ['payments', 'invoices'] as const,
  detail: (scope: TInvoiceScope, id: number) => [...invoiceKeys.all, scope, id] as const,
  invoiceable: () => [...invoiceKeys.all, 'invoiceable-orders'] as const,
  /** A payee's 开票设置: the caller's own (undefined), or the one an operator names (0 the tenant itself). */
  settings: (payee?: number) => [...invoiceKeys.all, 'settings', payee ?? 'mine'] as const,
  /** The rules of an order's payee, for the application form. */
  applyRules: (orderId: number) => [...invoiceKeys.all, 'apply-rules', orderId] as const,
};

/** The lists that issue and reject: 开票管理 and 开票运营. */
export type TInvoiceHandleScope = Exclude<TInvoiceScope, 'mine'>;

/** The invoices (server modules/payments/invoice-routes.ts). */
export const invoicesApi = {
  get: (scope: TInvoiceScope, id: number) => apiCall.get(`/payments/invoices/${scope}/{id}`, { path: { id } }),
  invoiceableOrders: () => apiCall.get('/payments/invoices/mine/invoiceable-orders'),
  apply: (body: ApiBody<'post', '/payments/invoices/mine'>) => apiCall.post('/payments/invoices/mine', { body }),
  issue: (
    scope: TInvoiceHandleScope,
    id: number,
    body: ApiBody<'post', `/payments/invoices/${TInvoiceHandleScope}/{id}/issue`>,
  ) => apiCall.post(`/payments/invoices/${scope}/{id}/issue`, { path: { id }, body }),
  reject: (
    scope: TInvoiceHandleScope,
    id: number,
    body: ApiBody<'post', `/payments/invoices/${TInvoiceHandleScope}/{id}/reject`>,
  ) => apiCall.post(`/payments/invoices/${scope}/{id}/reject`, { path: { id }, body }),
  /** The issued PDF, through the platform's file route (any file of the tenant, to anyone logged in). */
  download: (fileId: number, fileName: string) =>
    api.download(routePath('get', '/systemfile/files/{id}', { id: fileId }), {}, fileName || '发票.pdf'),
};

/**
 * 开票设置 (each payee's own: the caller's, or the payee an operator names, 0 the tenant itself), and
 * what the 申请开票 form reads of the settings of the order's payee (its payer).
 */
export const invoiceSettingsApi = {
  get: (payee?: number) =>
    apiCall.get('/payments/invoice-settings', { query: payee === undefined ? undefined : { payee } }),
  save: (body: ApiBody<'put', '/payments/invoice-settings'>, payee?: number) =>
    apiCall.put('/payments/invoice-settings', { body, query: payee === undefined ? undefined : { payee } }),
  applyRules: (orderId: number) => apiCall.get('/payments/invoice-settings/apply-rules', { query: { orderId } }),
};
