import { randomInt } from 'node:crypto';
import { identityName, maskPhone, ResultCode, type TPage } from '@shetuan/shared';
import {
  ACCOUNT_ACTIONS,
  APPEAL_ACTIONS,
  APPEAL_CATEGORIES,
  APPEAL_MESSAGES,
  APPEAL_STATUS_NAMES,
  type AppealAction,
  AppealStatus,
  maskIdNumber,
  maskName,
  type TAppealAccept,
  type TAppealAccount,
  type TAppealDetail,
  type TAppealQuery,
  type TAppealResult,
  type TAppealRow,
  type TAppealSubmit,
} from '@shetuan/shared/appeals';
import { revokeUserSessionsEverywhere } from '../../platform/auth/sessions';
import { clearFailures, failureKeys } from '../../platform/auth/throttle';
import type { Tx } from '../../platform/db';
import type { FilePurpose } from '../../platform/files';
import { AppError } from '../../platform/http/errors';
import { sendMessage } from '../../platform/messages';
import { consumePhoneToken, queueSmsNotice } from '../../platform/sms';
import * as repo from './repository';

const fail = (msg: string) => new AppError(ResultCode.FAILED, msg);
const categoryName = (key: string) => APPEAL_CATEGORIES[key as keyof typeof APPEAL_CATEGORIES] ?? key;
const actionName = (key: string) => APPEAL_ACTIONS[key as AppealAction] ?? '';

/** SS + the day (China time) + six digits; drawn again in the rare case it is taken. */
async function newNumber(tx: Tx, tenantId: number): Promise<string> {
  const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
  for (let i = 0; i < 10; i++) {
    const number = `SS${day}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    if (!(await repo.numberTaken(tx, tenantId, number))) return number;
  }
  throw fail('申诉编号生成失败，请稍后再试');
}

/**
 * /customerComplain: the phone is proved by its token (one use), the proofs must be this page's
 * own uploads, and one phone has one pending appeal at a time. Staff are told by an in-site message.
 */
export async function submitAppeal(
  tx: Tx,
  tenantId: number,
  input: TAppealSubmit,
  deviceKeyHash: string,
  ip: string,
): Promise<{ number: string }> {
  await repo.lockPhone(tx, tenantId, input.phoneNumber);
  const pending = await repo.pendingNumberOfPhone(tx, tenantId, input.phoneNumber);
  if (pending) throw fail(APPEAL_MESSAGES.pendingExists(pending));
  const ids = [...new Set(input.proofIds)];
  const proofs = await repo.freeUploads(tx, tenantId, deviceKeyHash, ids);
  if (proofs.length !== ids.length) throw fail('证明材料已失效，请重新上传');
  if (!(await consumePhoneToken(tx, tenantId, input.phoneNumber, input.phoneToken)))
    throw fail('手机号验证已失效，请重新获取验证码');
  const number = await newNumber(tx, tenantId);
  const id = await repo.insertAppeal(tx, tenantId, {
    number,
    name: input.name,
    phone: input.phoneNumber,
    idNumber: input.idNumber,
    category: input.category,
    description: input.description,
    proofs: ids.map((fid) => proofs.find((p) => p.id === fid) as (typeof proofs)[number]),
    contact: input.contact,
    ip: ip.slice(0, 64),
  });
  // Taken by another submission of the same page meanwhile: this one is refused, nothing kept.
  if ((await repo.attachUploads(tx, tenantId, id, ids)) !== ids.length) throw fail('证明材料已失效，请重新上传');
  await sendMessage(
    tx,
    tenantId,
    'appeal.submitted',
    { roleName: '管理员' },
    {
      title: '新的人工申诉待处理',
      body: `${input.name}（${maskPhone(input.phoneNumber)}）提交了人工申诉（编号${number}：${categoryName(input.category)}），请到“人工申诉”处理。`,
    },
  );
  return { number };
}

function toRow(a: repo.AppealRow): TAppealRow {
  return {
    id: a.id,
    number: a.number,
    name: a.name,
    phone: maskPhone(a.phone),
    idNumber: maskIdNumber(a.idNumber),
    category: a.category,
    categoryName: categoryName(a.category),
    status: a.status,
    statusName: APPEAL_STATUS_NAMES[a.status] ?? '',
    createdAt: a.createdAt.toISOString(),
    handledAt: a.handledAt?.toISOString() ?? null,
    handlerName: a.handlerName,
    action: a.action,
    actionName: actionName(a.action),
    result: a.result,
  };
}

export async function listAppeals(tx: Tx, tenantId: number, query: TAppealQuery): Promise<TAppealPage> {
  const { rows, total } = await repo.listAppeals(tx, tenantId, query);
  return { records: rows.map(toRow), total, current: query.current, pageSize: query.pageSize };
}
type TAppealPage = TPage<TAppealRow>;

async function requireAppeal(tx: Tx, tenantId: number, id: number, lock = false): Promise<repo.AppealRow> {
  const row = await repo.findAppeal(tx, tenantId, id, lock);
  if (!row) throw fail('申诉不存在');
  return row;
}

/**
 * The proofs are ID-card scans: kept as the tenant's files of this purpose, which the general file
 * route (/systemfile/files/{id}) refuses; staff with the /appeal page read them through
 * /appeals/{id}/proofs/{fileId} (README).
 */
export const APPEAL_PROOF: FilePurpose = 'appeals.proof';

/** The appeal exists in the tenant and the file is one of its proofs; otherwise 文件不存在. */
export async function requireProof(tx: Tx, tenantId: number, id: number, fileId: number): Promise<void> {
  await requireAppeal(tx, tenantId, id);
  if (!(await repo.isProofOf(tx, tenantId, id, fileId))) throw fail('文件不存在');
}

export async function appealDetail(tx: Tx, tenantId: number, id: number): Promise<TAppealDetail> {
  const a = await requireAppeal(tx, tenantId, id);
  const person = a.accountUserId ? await repo.personOfTenant(tx, tenantId, a.accountUserId) : undefined;
  return {
    ...toRow(a),
    phone: a.phone,
    idNumber: a.idNumber,
    description: a.description,
    contact: a.contact,
    proofs: a.proofs,
    account: person ? { userId: person.id, name: person.name, mobile: maskPhone(person.mobile ?? '') } : null,
    previousPhone: a.previousPhone ? maskPhone(a.previousPhone) : '',
  };
}

/** The tenant's people staff may act on: by keyword, or (none) those whose name or phone is the appeal's. */
export async function appealAccounts(tx: Tx, tenantId: number, id: number, keyword: string): Promise<TAppealAccount[]> {
  const a = await requireAppeal(tx, tenantId, id);
  const people = await repo.findPeople(tx, tenantId, { keyword, name: a.name, phone: a.phone });
  const codes = await repo.identityCodesOf(
    tx,
    tenantId,
    people.map((p) => p.id),
  );
  return people.map((p) => ({
    userId: p.id,
    name: p.name,
    mobile: maskPhone(p.mobile ?? ''),
    identities: [...new Set(codes.filter((c) => c.userId === p.id).map((c) => identityName(c.code)))].join('、'),
    matches: p.name === a.name || p.mobile === a.phone,
    locked: Boolean(p.lockedUntil && p.lockedUntil.getTime() > Date.now()),
  }));
}

/** What the appeal records as done when staff add no note. */
const DEFAULT_RESULTS: Record<AppealAction, string> = {
  change_phone: '已将账号的登录手机号更换为申诉时验证的手机号',
  unlock: '已解除账号锁定',
  other: '',
};

/** What the person is told (SMS and message) of an accepted appeal. */
function acceptedText(number: string, action: AppealAction, remark: string): string {
  const done: Record<AppealAction, string> = {
    change_phone: '已将您账号的登录手机号更换为本手机号，请使用短信验证码登录或找回密码',
    unlock: '已解除您账号的锁定，请重新登录',
    other: remark,
  };
  return `您的申诉（编号${number}）已受理：${done[action]}。`;
}

/** Why staff may not change the login phone of an account (README: 更换登录手机号). */
export const CHANGE_PHONE_REFUSALS = {
  superAdmin: '该账号是平台运营管理员账号，不能通过人工申诉更换登录手机号',
  elsewhere: '该账号同时属于其他机构，更换登录手机号会影响其在其他机构的登录，不能在本机构通过人工申诉更换',
  handlersOwn: '申诉所用的手机号是您本人的手机号，不能由您为他人更换登录手机号',
  taken: '该手机号已被其他账号使用，无法更换',
} as const;

/**
 * Takes the action on the account: its login phone becomes the appeal's, or its lock is lifted.
 * The login phone is the person's in every tenant, so staff change it only for a person who is
 * this tenant's alone and no operations super administrator, never to the handler's own phone;
 * every session of the person ends, in every tenant. Answers the phone it had before.
 */
async function actOnAccount(
  tx: Tx,
  tenantId: number,
  a: repo.AppealRow,
  action: AppealAction,
  userId: number,
  handler: { mobile: string | null },
): Promise<string> {
  const person = await repo.personOfTenant(tx, tenantId, userId);
  if (!person) throw fail('账号不存在');
  if (action === 'change_phone') {
    if (handler.mobile === a.phone) throw fail(CHANGE_PHONE_REFUSALS.handlersOwn);
    if (person.isSuperAdmin) throw fail(CHANGE_PHONE_REFUSALS.superAdmin);
    if (await repo.belongsElsewhere(tx, tenantId, person.id)) throw fail(CHANGE_PHONE_REFUSALS.elsewhere);
    const owner = await repo.loginOwner(tx, a.phone);
    if (owner !== undefined && owner !== person.id) throw fail(CHANGE_PHONE_REFUSALS.taken);
    if (person.mobile !== a.phone) await repo.setMobile(tx, person.id, a.phone);
    // Whoever still holds a session of this account, in any tenant (perhaps the old phone's new
    // owner), is logged out: the phone is the account's login everywhere.
    await revokeUserSessionsEverywhere(tx, person.id, 'phone');
  } else {
    await repo.unlock(tx, person.id);
    if (person.mobile) await clearFailures(tx, failureKeys(person.mobile, ''));
  }
  return person.mobile ?? '';
}

async function tell(tx: Tx, tenantId: number, a: repo.AppealRow, userId: number | null, title: string, text: string) {
  // The person cannot log in: the SMS to the phone they appealed with is how the result reaches
  // them, so it is sent whatever the tenant's SMS-notice switches say (README).
  await queueSmsNotice(tx, tenantId, { phone: a.phone, content: text });
  if (userId) await sendMessage(tx, tenantId, 'appeal.handled', { userId }, { title, body: text });
}

export async function acceptAppeal(
  tx: Tx,
  tenantId: number,
  id: number,
  input: TAppealAccept,
  handler: { userId: number },
): Promise<void> {
  // Locked before the account is acted on: a second handler waits, then finds it handled (two at
  // once would otherwise both act, e.g. give one phone to two accounts and fail on its uniqueness).
  const a = await requireAppeal(tx, tenantId, id, true);
  if (a.status !== AppealStatus.PENDING) throw fail(APPEAL_MESSAGES.handled);
  const userId = ACCOUNT_ACTIONS.includes(input.action) ? input.userId : null;
  const staff = await repo.handlerOf(tx, handler.userId);
  const before = userId !== null ? await actOnAccount(tx, tenantId, a, input.action, userId, staff) : '';
  const text = acceptedText(a.number, input.action, input.remark);
  const result = input.remark || DEFAULT_RESULTS[input.action];
  const handled = await repo.markHandled(tx, tenantId, id, {
    status: AppealStatus.ACCEPTED,
    action: input.action,
    result,
    accountUserId: userId,
    // Who changed the login phone, of which account, from what: the appeal is the record.
    previousPhone: input.action === 'change_phone' ? before : '',
    handlerId: handler.userId,
    handlerName: staff.name,
  });
  if (!handled) throw fail(APPEAL_MESSAGES.handled);
  await tell(tx, tenantId, a, userId ?? (await matchingAccount(tx, tenantId, a)), '人工申诉已受理', text);
}

/** The account of the appeal's phone here, if any: it gets the in-site message too. */
async function matchingAccount(tx: Tx, tenantId: number, a: repo.AppealRow): Promise<number | null> {
  const owner = await repo.loginOwner(tx, a.phone);
  return owner !== undefined && (await repo.personOfTenant(tx, tenantId, owner)) ? owner : null;
}

export async function refuseAppeal(
  tx: Tx,
  tenantId: number,
  id: number,
  reason: string,
  handler: { userId: number },
): Promise<void> {
  const a = await requireAppeal(tx, tenantId, id, true);
  if (a.status !== AppealStatus.PENDING) throw fail(APPEAL_MESSAGES.handled);
  const handled = await repo.markHandled(tx, tenantId, id, {
    status: AppealStatus.REFUSED,
    action: '',
    result: reason,
    accountUserId: null,
    handlerId: handler.userId,
    handlerName: (await repo.handlerOf(tx, handler.userId)).name,
  });
  if (!handled) throw fail(APPEAL_MESSAGES.handled);
  const text = `您的申诉（编号${a.number}）未通过：${reason.slice(0, 60)}。可在申诉查询中查看详情。`;
  await tell(tx, tenantId, a, await matchingAccount(tx, tenantId, a), '人工申诉未通过', text);
}

/** /appealDetail: what the person reads of their own appeal (found by number and phone). */
export function appealResult(a: repo.AppealRow): TAppealResult {
  return {
    number: a.number,
    name: maskName(a.name),
    categoryName: categoryName(a.category),
    status: a.status,
    statusName: APPEAL_STATUS_NAMES[a.status] ?? '',
    createdAt: a.createdAt.toISOString(),
    handledAt: a.handledAt?.toISOString() ?? null,
    actionName: actionName(a.action),
    result: a.result,
  };
}
