import type {
  TInvoiceApply,
  TInvoiceableOrder,
  TInvoiceDetail,
  TInvoiceIssue,
  TInvoiceReject,
  TInvoiceScope,
} from '@shetuan/shared/payments';
import { api } from '../../../app/request';

/** The list (ListPage reads it) and the export job of 我的发票 (mine) and 开票管理 (issue). */
export const invoiceListPath = (scope: TInvoiceScope) => `/payments/invoices/${scope}`;
export const invoiceExportPath = (scope: TInvoiceScope) => `/payments/invoices/${scope}/export-jobs`;

/** Query keys of the invoices (under the payments module's). */
export const invoiceKeys = {
  all: ['payments', 'invoices'] as const,
  detail: (scope: TInvoiceScope, id: number) => [...invoiceKeys.all, scope, id] as const,
  invoiceable: () => [...invoiceKeys.all, 'invoiceable-orders'] as const,
};

/** The invoices (server modules/payments/invoice-routes.ts). */
export const invoicesApi = {
  get: (scope: TInvoiceScope, id: number) => api.get<TInvoiceDetail>(`${invoiceListPath(scope)}/${id}`),
  invoiceableOrders: () => api.get<TInvoiceableOrder[]>('/payments/invoices/mine/invoiceable-orders'),
  apply: (body: TInvoiceApply) => api.post<{ id: number }>('/payments/invoices/mine', body),
  issue: (id: number, body: TInvoiceIssue) => api.post<null>(`/payments/invoices/issue/${id}/issue`, body),
  reject: (id: number, body: TInvoiceReject) => api.post<null>(`/payments/invoices/issue/${id}/reject`, body),
  /** The issued PDF, through the platform's file route (any file of the tenant, to anyone logged in). */
  download: (fileId: number, fileName: string) =>
    api.download(`/systemfile/files/${fileId}`, {}, fileName || '发票.pdf'),
};
