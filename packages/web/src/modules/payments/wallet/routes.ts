import { PAYMENT_PAGES as P } from '@shetuan/shared/payments/pages';
import type { AppRoute, Crumb } from '../../../app/route-registry';

const route = (path: string, screen: AppRoute['screen'], crumbs: Crumb[]): AppRoute => ({
  path,
  screen,
  meta: { requireLogin: true, routerList: crumbs, depth: 10 },
  layout: 'console',
});

const flows = () => import('./FlowListPage');

/** 钱包 (设置) and the two 流水 lists (订单与财务): read views of the ledger. */
export const walletRoutes: AppRoute[] = [
  route(P.wallet.path, () => import('./WalletPage'), [{ name: '设置' }, { name: P.wallet.name }]),
  route(P.payeeFlows.path, () => flows().then((m) => ({ default: m.PayeeFlowsPage })), [
    { name: '订单与财务' },
    { name: P.payeeFlows.name },
  ]),
  route(P.operatorFlows.path, () => flows().then((m) => ({ default: m.OperatorFlowsPage })), [
    { name: '订单与财务' },
    { name: P.operatorFlows.name },
  ]),
];
