import { PAYMENT_PAGES as P } from '@shetuan/shared/payments';
import type { AppRoute, Crumb } from '../../app/route-registry';
import { DETAIL_PATH, DEV_CASHIER_PATH, SHELL } from './helpers';

const group: Crumb = { name: '订单与财务' };

const route = (
  path: string,
  screen: AppRoute['screen'],
  crumbs: Crumb[],
  extra: Partial<AppRoute['meta']> = {},
): AppRoute => ({
  path,
  screen,
  meta: { requireLogin: true, routerList: [group, ...crumbs], ...extra },
  layout: 'console',
});

const lists = () => import('./OrderListPage');

/** The payment shell: logged in, without the console (members pay on phones), no menu entry. */
const shell = (path: string, screen: AppRoute['screen']): AppRoute => ({ path, screen, meta: { requireLogin: true } });

/**
 * 我的订单, 收款订单, 订单管理 (one list by scope), the order's detail, 收款账户, the payment shell and
 * the development provider's cashier (no login).
 */
export const paymentRoutes: AppRoute[] = [
  route(P.mine.path, () => lists().then((m) => ({ default: m.MineOrdersPage })), [{ name: P.mine.name }], {
    depth: 10,
  }),
  route(
    P.collection.path,
    () => lists().then((m) => ({ default: m.CollectionOrdersPage })),
    [{ name: P.collection.name }],
    { depth: 10 },
  ),
  route(
    P.operation.path,
    () => lists().then((m) => ({ default: m.OperationOrdersPage })),
    [{ name: P.operation.name }],
    { depth: 10 },
  ),
  // Opened from any of the three lists (?scope=): its own back link says which.
  route(DETAIL_PATH, () => import('./OrderDetailPage'), [{ name: '订单详情' }]),
  route(P.accounts.path, () => import('./AccountsPage'), [{ name: P.accounts.name }], { depth: 10 }),
  shell(SHELL.pay, () => import('./shell/PaymentPage')),
  shell(SHELL.transfer, () => import('./shell/TransferPage')),
  shell(SHELL.voucher, () => import('./shell/VoucherUpPage')),
  shell(SHELL.done, () => import('./shell/DonePage')),
  // Where the development provider's QR code and payment page lead: no login, no console, on a phone.
  { path: DEV_CASHIER_PATH, screen: () => import('./DevCashierPage'), meta: { requireLogin: false } },
];
