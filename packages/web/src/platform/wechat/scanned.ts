import { type TWechatLoginTicket, WECHAT_LOGIN_MESSAGES } from '@shetuan/shared/identity';
import { feedback } from '../../app/feedback';
import { apiCall } from '../../app/typed-api';

/**
 * A WeChat account scanned at the login page but bound to nobody (登录并绑定): kept in this page
 * while the person logs in another way, then bound to them. Small on purpose: the login page
 * imports it.
 */
let scanned: (TWechatLoginTicket & { nickname: string }) | null = null;

export const scannedWechat = {
  get: () => scanned,
  set: (ticket: TWechatLoginTicket & { nickname: string }) => {
    scanned = ticket;
  },
  clear: () => {
    scanned = null;
  },
};

/** Right after a password or SMS login: binds the scanned account, if any (a failure is shown and skipped). */
export async function bindScannedWechat(): Promise<void> {
  const ticket = scanned;
  if (!ticket) return;
  scanned = null;
  try {
    await apiCall.post('/wechat/login/bind', { body: { uuid: ticket.uuid, pollKey: ticket.pollKey } });
    void feedback.message.success(WECHAT_LOGIN_MESSAGES.bound);
  } catch {
    // The request client has shown why (expired, bound to another account); the login goes on.
  }
}
