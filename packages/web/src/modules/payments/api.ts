import type { TPage } from '@shetuan/shared';
import type {
  TDevCashier,
  TOrderDetail,
  TOrderScope,
  TOrderState,
  TOrderStats,
  TPayLink,
  TPayLinkState,
  TPayLinkView,
  TPayOptions,
  TPayStart,
  TPayStarted,
  TReceivingAccount,
  TReceivingAccountInput,
  ZCancelOrder,
  ZDevCashierAction,
  ZRefundCreate,
  ZVoucherReview,
  ZVoucherUpload,
} from '@shetuan/shared/payments';
import type { z } from 'zod';
import { api } from '../../app/request';

type Query = Record<string, string | number | undefined>;

/** Query keys of 订单与支付. */
export const paymentKeys = {
  all: ['payments'] as const,
  order: (scope: TOrderScope, id: number) => [...paymentKeys.all, 'order', scope, id] as const,
  state: (id: number) => [...paymentKeys.all, 'state', id] as const,
  payOptions: (id: number) => [...paymentKeys.all, 'pay-options', id] as const,
  account: (id: number) => [...paymentKeys.all, 'account', id] as const,
  devCashier: (token: string) => [...paymentKeys.all, 'dev-cashier', token] as const,
  payLink: (token: string) => [...paymentKeys.all, 'pay-link', token] as const,
  payLinkState: (token: string) => [...paymentKeys.all, 'pay-link-state', token] as const,
  stats: (scope: TOrderScope, params: Query) => [...paymentKeys.all, 'stats', scope, params] as const,
};

/** The orders (server modules/payments/routes.ts): the three lists share the routes by scope. */
export const ordersApi = {
  exportPath: (scope: TOrderScope) => `/payments/${scope}/orders/export-jobs`,
  get: (scope: TOrderScope, id: number) => api.get<TOrderDetail>(`/payments/${scope}/orders/${id}`),
  /** What the payment page polls; silent: a failed poll is tried again, not shouted. */
  state: (id: number) => api.get<TOrderState>(`/payments/mine/orders/${id}/state`, undefined, { silent: true }),
  payOptions: (id: number) => api.get<TPayOptions>(`/payments/mine/orders/${id}/pay-options`),
  pay: (id: number, body: TPayStart) => api.post<TPayStarted>(`/payments/mine/orders/${id}/pay`, body),
  /** 复制付款链接: the order's link (made on the first call); 取消付款链接. */
  makePayLink: (id: number) => api.post<TPayLink>(`/payments/mine/orders/${id}/pay-link`),
  revokePayLink: (id: number) => api.request<null>(`/payments/mine/orders/${id}/pay-link`, 'DELETE'),
  cancel: (id: number, body: z.input<typeof ZCancelOrder>) =>
    api.post<null>(`/payments/mine/orders/${id}/cancel`, body),
  uploadVoucher: (id: number, body: z.input<typeof ZVoucherUpload>) =>
    api.post<null>(`/payments/mine/orders/${id}/vouchers`, body),
  review: (scope: TOrderScope, id: number, voucherId: number, body: z.input<typeof ZVoucherReview>) =>
    api.post<null>(`/payments/${scope}/orders/${id}/vouchers/${voucherId}/review`, body),
  refund: (scope: TOrderScope, id: number, body: z.input<typeof ZRefundCreate>) =>
    api.post<null>(`/payments/${scope}/orders/${id}/refunds`, body),
  /** The figures above 收款订单 and 订单运营, for the list's filters and keyword. */
  stats: (scope: Exclude<TOrderScope, 'mine'>, query: Query) =>
    api.get<TOrderStats>(`/payments/${scope}/orders/stats`, query),
};

/** 收款账户. */
export const ACCOUNTS_PATH = '/payments/accounts';
export const accountsApi = {
  list: (query: Query) => api.get<TPage<TReceivingAccount>>(ACCOUNTS_PATH, query),
  get: (id: number) => api.get<TReceivingAccount>(`${ACCOUNTS_PATH}/${id}`),
  create: (body: TReceivingAccountInput) => api.post<unknown>(ACCOUNTS_PATH, body),
  update: (id: number, body: TReceivingAccountInput) => api.request<unknown>(`${ACCOUNTS_PATH}/${id}`, 'PUT', body),
};

/** The development provider's cashier (no login: the link carries a token). */
export const devCashierApi = {
  get: (token: string) => api.get<TDevCashier>('/public/payments/dev-cashier', { token }, { silent: true }),
  act: (body: z.input<typeof ZDevCashierAction>) => api.post<TOrderState>('/public/payments/dev-cashier', body),
};

/** 付款链接 (no login: the link carries a token; the tenant is the domain's). */
export const payLinkApi = {
  view: (token: string) => api.get<TPayLinkView>('/public/payments/pay-link', { token }, { silent: true }),
  /** What the link's page polls; silent: a failed poll is tried again, not shouted. */
  state: (token: string) => api.get<TPayLinkState>('/public/payments/pay-link/state', { token }, { silent: true }),
  pay: (token: string, body: TPayStart) => api.post<TPayStarted>('/public/payments/pay-link/pay', { token, ...body }),
};
