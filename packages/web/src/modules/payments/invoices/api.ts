import type {
  TInvoiceApply,
  TInvoiceApplyRules,
  TInvoiceableOrder,
  TInvoiceDetail,
  TInvoiceIssue,
  TInvoiceReject,
  TInvoiceScope,
  TInvoiceSettings,
  TInvoiceSettingsInput,
} from '@shetuan/shared/payments';
import { api } from '../../../app/request';

/** The list (ListPage reads it) and the export job of 我的发票 (mine), 开票管理 (issue) and 开票运营 (operation). */
export const invoiceListPath = (scope: TInvoiceScope) => `/payments/invoices/${scope}`;
export const invoiceExportPath = (scope: TInvoiceScope) => `/payments/invoices/${scope}/export-jobs`;

/** Query keys of the invoices (under the payments module's). */
export const invoiceKeys = {
  all: ['payments', 'invoices'] as const,
  detail: (scope: TInvoiceScope, id: number) => [...invoiceKeys.all, scope, id] as const,
  invoiceable: () => [...invoiceKeys.all, 'invoiceable-orders'] as const,
  settings: () => [...invoiceKeys.all, 'settings'] as const,
  applyRules: () => [...invoiceKeys.all, 'apply-rules'] as const,
};

/** The lists that issue and reject: 开票管理 and 开票运营. */
export type TInvoiceHandleScope = Exclude<TInvoiceScope, 'mine'>;

/** The invoices (server modules/payments/invoice-routes.ts). */
export const invoicesApi = {
  get: (scope: TInvoiceScope, id: number) => api.get<TInvoiceDetail>(`${invoiceListPath(scope)}/${id}`),
  invoiceableOrders: () => api.get<TInvoiceableOrder[]>('/payments/invoices/mine/invoiceable-orders'),
  apply: (body: TInvoiceApply) => api.post<{ id: number }>('/payments/invoices/mine', body),
  issue: (scope: TInvoiceHandleScope, id: number, body: TInvoiceIssue) =>
    api.post<null>(`${invoiceListPath(scope)}/${id}/issue`, body),
  reject: (scope: TInvoiceHandleScope, id: number, body: TInvoiceReject) =>
    api.post<null>(`${invoiceListPath(scope)}/${id}/reject`, body),
  /** The issued PDF, through the platform's file route (any file of the tenant, to anyone logged in). */
  download: (fileId: number, fileName: string) =>
    api.download(`/systemfile/files/${fileId}`, {}, fileName || '发票.pdf'),
};

/** 开票设置 (the payee's), and what the 申请开票 form reads of it (anyone who pays). */
export const invoiceSettingsApi = {
  get: () => api.get<TInvoiceSettings>('/payments/invoice-settings'),
  save: (body: TInvoiceSettingsInput) => api.request<null>('/payments/invoice-settings', 'PUT', body),
  applyRules: () => api.get<TInvoiceApplyRules>('/payments/invoice-settings/apply-rules'),
};
