import type { TFlowScope } from '@shetuan/shared/payments';
import { apiCall, routePath } from '../../../app/typed-api';

/** 钱包 and 流水 (server modules/payments/wallet-routes.ts). */
export const walletKeys = {
  wallet: () => ['payments', 'wallet'] as const,
};

export const walletApi = {
  wallet: () => apiCall.get('/payments/wallet'),
  listPath: (scope: TFlowScope) => routePath('get', `/payments/flows/${scope}`),
  exportPath: (scope: TFlowScope) => routePath('post', `/payments/flows/${scope}/export-jobs`),
};
