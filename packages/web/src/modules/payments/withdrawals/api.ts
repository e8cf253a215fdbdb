import type { TWithdrawalScope } from '@shetuan/shared/payments';
import { type ApiBody, apiCall, routePath } from '../../../app/typed-api';

/** Query keys of 银行卡, 提现 and 收款协议 (under the payments module's). */
export const withdrawKeys = {
  all: ['payments', 'withdrawals'] as const,
  cards: () => [...withdrawKeys.all, 'bank-cards'] as const,
  info: () => [...withdrawKeys.all, 'withdraw-info'] as const,
  agreement: () => [...withdrawKeys.all, 'agreement'] as const,
};

/** 银行卡 (server modules/payments): at most 20, one of them the default. */
export const bankCardsApi = {
  list: () => apiCall.get('/payments/bank-cards'),
  create: (body: ApiBody<'post', '/payments/bank-cards'>) => apiCall.post('/payments/bank-cards', { body }),
  update: (id: number, body: ApiBody<'put', '/payments/bank-cards/{id}'>) =>
    apiCall.put('/payments/bank-cards/{id}', { path: { id }, body }),
  remove: (id: number) => apiCall.delete('/payments/bank-cards/{id}', { path: { id } }),
  /** The card's 删除 (DeleteAction sends it). */
  deletePath: (id: number) => routePath('delete', '/payments/bank-cards/{id}', { id }),
};

/** 申请提现 and 提现记录: the two lists share the routes by scope (mine, review). */
export const withdrawalsApi = {
  info: () => apiCall.get('/payments/withdraw-info'),
  listPath: (scope: TWithdrawalScope) => routePath('get', `/payments/withdrawals/${scope}`),
  exportPath: (scope: TWithdrawalScope) => routePath('post', `/payments/withdrawals/${scope}/export-jobs`),
  apply: (body: ApiBody<'post', '/payments/withdrawals'>) => apiCall.post('/payments/withdrawals', { body }),
  cancel: (id: number) => apiCall.post('/payments/withdrawals/{id}/cancel', { path: { id } }),
  approve: (id: number, body: ApiBody<'post', '/payments/withdrawals/{id}/approve'>) =>
    apiCall.post('/payments/withdrawals/{id}/approve', { path: { id }, body }),
  reject: (id: number, body: ApiBody<'post', '/payments/withdrawals/{id}/reject'>) =>
    apiCall.post('/payments/withdrawals/{id}/reject', { path: { id }, body }),
};

/** 收款协议: the service fee on withdrawals and the agreement's text. */
export const agreementApi = {
  get: () => apiCall.get('/payments/agreement'),
  save: (body: ApiBody<'put', '/payments/agreement'>) => apiCall.put('/payments/agreement', { body }),
};
