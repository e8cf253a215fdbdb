import type {
  TBankCard,
  TBankCardInput,
  TPayAgreement,
  TPayAgreementInput,
  TWithdrawApply,
  TWithdrawApprove,
  TWithdrawalScope,
  TWithdrawInfo,
  TWithdrawReject,
} from '@shetuan/shared/payments';
import { api } from '../../../app/request';

/** Query keys of 银行卡, 提现 and 收款协议 (under the payments module's). */
export const withdrawKeys = {
  all: ['payments', 'withdrawals'] as const,
  cards: () => [...withdrawKeys.all, 'bank-cards'] as const,
  info: () => [...withdrawKeys.all, 'withdraw-info'] as const,
  agreement: () => [...withdrawKeys.all, 'agreement'] as const,
};

/** 银行卡 (server modules/payments): at most 20, one of them the default. */
export const BANK_CARDS_PATH = '/payments/bank-cards';
export const bankCardsApi = {
  list: () => api.get<TBankCard[]>(BANK_CARDS_PATH),
  create: (body: TBankCardInput) => api.post<{ id: number }>(BANK_CARDS_PATH, body),
  update: (id: number, body: TBankCardInput) => api.request<null>(`${BANK_CARDS_PATH}/${id}`, 'PUT', body),
  remove: (id: number) => api.request<null>(`${BANK_CARDS_PATH}/${id}`, 'DELETE'),
};

/** 申请提现 and 提现记录: the two lists share the routes by scope (mine, review). */
export const withdrawalsApi = {
  info: () => api.get<TWithdrawInfo>('/payments/withdraw-info'),
  listPath: (scope: TWithdrawalScope) => `/payments/withdrawals/${scope}`,
  exportPath: (scope: TWithdrawalScope) => `/payments/withdrawals/${scope}/export-jobs`,
  apply: (body: TWithdrawApply) => api.post<{ id: number; withdrawNo: string }>('/payments/withdrawals', body),
  cancel: (id: number) => api.post<null>(`/payments/withdrawals/${id}/cancel`),
  approve: (id: number, body: TWithdrawApprove) => api.post<null>(`/payments/withdrawals/${id}/approve`, body),
  reject: (id: number, body: TWithdrawReject) => api.post<null>(`/payments/withdrawals/${id}/reject`, body),
};

/** 收款协议: the service fee on withdrawals and the agreement's text. */
export const agreementApi = {
  get: () => api.get<TPayAgreement>('/payments/agreement'),
  save: (body: TPayAgreementInput) => api.request<null>('/payments/agreement', 'PUT', body),
};
