import { PAYMENT_PAGES as P, PAY_LINK_PATH } from '@shetuan/shared/payments/pages';
import type { AppRoute, Crumb } from '../../app/route-registry';
import { DETAIL_PATH, DEV_CASHIER_PATH, SHELL } from './paths';

const group: Crumb = { name: '订单与财务' };
/** 银行卡, 申请提现, 提现记录 and 收款协议 sit in the catalogue's 设置 group, beside 钱包. */
const settings: Crumb = { name: '设置' };

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

/** A page of the 设置 group (list pages and forms alike). */
const setting = (path: string, screen: AppRoute['screen'], name: string): AppRoute => ({
  path,
  screen,
  meta: { requireLogin: true, routerList: [settings, { name }], depth: 10 },
  layout: 'console',
});

/** The payment shell: logged in, without the console (members pay on phones), no menu entry. */
const shell = (path: string, screen: AppRoute['screen']): AppRoute => ({ path, screen, meta: { requireLogin: true } });

/**
 * 我的订单, 收款订单, 订单管理 (one list by scope), the order's detail, 收款账户, the payment shell,
 * the development provider's cashier and the 付款链接 /payService (both without login), and the
 * payee's withdrawals: 银行卡, 申请提现, 提现记录 (operators), 收款协议.
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
  setting(P.bankCards.path, () => import('./withdrawals/BankCardsPage'), P.bankCards.name),
  setting(P.withdraw.path, () => import('./withdrawals/WithdrawPage'), P.withdraw.name),
  setting(P.withdrawals.path, () => import('./withdrawals/WithdrawalsPage'), P.withdrawals.name),
  setting(P.agreement.path, () => import('./withdrawals/AgreementPage'), P.agreement.name),
  shell(SHELL.pay, () => import('./shell/PaymentPage')),
  shell(SHELL.transfer, () => import('./shell/TransferPage')),
  shell(SHELL.voucher, () => import('./shell/VoucherUpPage')),
  shell(SHELL.done, () => import('./shell/DonePage')),
  // Where the development provider's QR code and payment page lead: no login, no console, on a phone.
  { path: DEV_CASHIER_PATH, screen: () => import('./DevCashierPage'), meta: { requireLogin: false } },
  // 付款链接: whoever the payer sent it to pays the order here, without logging in (spec 000: /payService).
  { path: PAY_LINK_PATH, screen: () => import('./shell/PayServicePage'), meta: { requireLogin: false } },
];
