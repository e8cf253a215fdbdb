// The hidden routes' paths, kept apart from the helpers (which use the shared contracts, and with them
// zod): the route table imports these, and route files are in every page's first load.

/** The order's detail page (a hidden route under 订单与财务). */
export const DETAIL_PATH = '/orderDetail';
/** The payment shell (hidden routes, no menu entry, read on phones). */
export const SHELL = {
  pay: '/new-payment-index/payment',
  transfer: '/new-payment-index/transfer',
  voucher: '/new-payment-index/voucher-up',
  done: '/new-payment-index/done',
} as const;
/** The development provider's cashier (no login). */
export const DEV_CASHIER_PATH = '/dev-cashier';
