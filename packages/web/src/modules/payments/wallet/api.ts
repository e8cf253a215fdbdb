import type { TFlowScope, TWallet } from '@shetuan/shared/payments';
import { api } from '../../../app/request';

/** 钱包 and 流水 (server modules/payments/wallet-routes.ts). */
export const walletKeys = {
  wallet: () => ['payments', 'wallet'] as const,
};

export const walletApi = {
  wallet: () => api.get<TWallet>('/payments/wallet'),
  listPath: (scope: TFlowScope) => `/payments/flows/${scope}`,
  exportPath: (scope: TFlowScope) => `/payments/flows/${scope}/export-jobs`,
};
