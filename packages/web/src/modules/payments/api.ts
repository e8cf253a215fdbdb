import type { TOrderScope } from '@shetuan/shared/payments';
import { type ApiBody, type ApiQuery, apiCall, routePath } from '../../app/typed-api';

type Query = Record<string, string | number | undefined>;
/** The lists that manage orders (收款订单 and 订单运营): review, refund and the figures are theirs. */
export type TManageScope = Exclude<TOrderScope, 'mine'>;

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
  payee: () => [...paymentKeys.all, 'payee'] as const,
  payees: (keyword: string) => [...paymentKeys.all, 'payees', keyword] as const,
};

/** 收款方: whom the caller receives as (the tenant itself or its organisation), and the operators' filter. */
export const payeeApi = {
  mine: () => apiCall.get('/payments/payee'),
  options: (keyword: string) => apiCall.get('/payments/payees', { query: keyword ? { keyword } : undefined }),
};

/** The orders (server modules/payments/routes.ts): the three lists have the same routes, one set per scope. */
export const ordersApi = {
  listPath: (scope: TOrderScope) => routePath('get', `/payments/${scope}/orders`),
  exportPath: (scope: TOrderScope) => routePath('post', `/payments/${scope}/orders/export-jobs`),
  get: (scope: TOrderScope, id: number) => apiCall.get(`/payments/${scope}/orders/{id}`, { path: { id } }),
  /** What the payment page polls; silent: a failed poll is tried again, not shouted. */
  state: (id: number) => apiCall.get('/payments/mine/orders/{id}/state', { path: { id } }, { silent: true }),
  payOptions: (id: number) => apiCall.get('/payments/mine/orders/{id}/pay-options', { path: { id } }),
  pay: (id: number, body: ApiBody<'post', '/payments/mine/orders/{id}/pay'>) =>
    apiCall.post('/payments/mine/orders/{id}/pay', { path: { id }, body }),
  /** 复制付款链接: the order's link (made on the first call); 取消付款链接. */
  makePayLink: (id: number) => apiCall.post('/payments/mine/orders/{id}/pay-link', { path: { id } }),
  revokePayLink: (id: number) => apiCall.delete('/payments/mine/orders/{id}/pay-link', { path: { id } }),
  cancel: (id: number, body: ApiBody<'post', '/payments/mine/orders/{id}/cancel'>) =>
    apiCall.post('/payments/mine/orders/{id}/cancel', { path: { id }, body }),
  uploadVoucher: (id: number, body: ApiBody<'post', '/payments/mine/orders/{id}/vouchers'>) =>
    apiCall.post('/payments/mine/orders/{id}/vouchers', { path: { id }, body }),
  review: (
    scope: TManageScope,
    id: number,
    voucherId: number,
    body: ApiBody<'post', `/payments/${TManageScope}/orders/{id}/vouchers/{voucherId}/review`>,
  ) => apiCall.post(`/payments/${scope}/orders/{id}/vouchers/{voucherId}/review`, { path: { id, voucherId }, body }),
  refund: (scope: TManageScope, id: number, body: ApiBody<'post', `/payments/${TManageScope}/orders/{id}/refunds`>) =>
    apiCall.post(`/payments/${scope}/orders/{id}/refunds`, { path: { id }, body }),
  /** 退回异常款: one exception payment of the order, whole. */
  refundException: (
    scope: TManageScope,
    id: number,
    paymentId: number,
    body: ApiBody<'post', `/payments/${TManageScope}/orders/{id}/payments/{paymentId}/refund`>,
  ) => apiCall.post(`/payments/${scope}/orders/{id}/payments/{paymentId}/refund`, { path: { id, paymentId }, body }),
  /** The figures above 收款订单 and 订单运营, for the list's filters and keyword. */
  stats: (scope: TManageScope, query: ApiQuery<'get', `/payments/${TManageScope}/orders/stats`>) =>
    apiCall.get(`/payments/${scope}/orders/stats`, { query }),
};

/** 收款账户. */
export const accountsApi = {
  list: (query: ApiQuery<'get', '/payments/accounts'>) => apiCall.get('/payments/accounts', { query }),
  get: (id: number) => apiCall.get('/payments/accounts/{id}', { path: { id } }),
  create: (body: ApiBody<'post', '/payments/accounts'>) => apiCall.post('/payments/accounts', { body }),
  update: (id: number, body: ApiBody<'put', '/payments/accounts/{id}'>) =>
    apiCall.put('/payments/accounts/{id}', { path: { id }, body }),
  /** The row's 删除 (DeleteAction sends it). */
  deletePath: (id: number) => routePath('delete', '/payments/accounts/{id}', { id }),
};

/** The development provider's cashier (no login: the link carries a token). */
export const devCashierApi = {
  get: (token: string) => apiCall.get('/public/payments/dev-cashier', { query: { token } }, { silent: true }),
  act: (body: ApiBody<'post', '/public/payments/dev-cashier'>) =>
    apiCall.post('/public/payments/dev-cashier', { body }),
};

/** 付款链接 (no login: the link carries a token; the tenant is the domain's). */
export const payLinkApi = {
  view: (token: string) => apiCall.get('/public/payments/pay-link', { query: { token } }, { silent: true }),
  /** What the link's page polls; silent: a failed poll is tried again, not shouted. */
  state: (token: string) => apiCall.get('/public/payments/pay-link/state', { query: { token } }, { silent: true }),
  pay: (token: string, body: Omit<ApiBody<'post', '/public/payments/pay-link/pay'>, 'token'>) =>
    apiCall.post('/public/payments/pay-link/pay', { body: { token, ...body } }),
};
