import { ok, ZEnvelope } from '@shetuan/shared';
import {
  LOGIN_MESSAGES,
  ZBindPhone,
  ZChangePassword,
  ZChooseSociety,
  ZEmailChange,
  ZEntryLogin,
  ZForgotPassword,
  ZIdentityList,
  ZIdentityListQuery,
  ZIdentityLogin,
  ZLoginData,
  ZMemberProfile,
  ZMenuData,
  ZMenuQuery,
  ZPasswordLogin,
  ZProfileInput,
  ZRegister,
  ZRequiredComplete,
  ZSendCode,
  ZSendCodeData,
  ZSessionInfo,
  ZSmsLogin,
  ZSocietyList,
  ZStatusCheck,
  ZStatusData,
  ZVisitor,
} from '@shetuan/shared/identity';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../platform/auth/context';
import type { AppInstance } from '../../platform/http/app-types';
import { SMS_CODE } from '../../platform/sms';
import { tenantOfRequest } from '../../platform/tenancy/request-tenant';
import * as profile from './member-profile';
import * as identity from './service';

const meta = (r: FastifyRequest) => ({ ip: r.ip, userAgent: String(r.headers['user-agent'] ?? '') });
const ZNull = ZEnvelope(z.null());
const tags = ['identity'];

export async function identityRoutes(app: AppInstance): Promise<void> {
  const { db } = app;

  app.post(
    '/auth/login/password',
    {
      config: { permission: 'public' },
      schema: { tags, summary: '账号密码登录', body: ZPasswordLogin, response: { 200: ZEnvelope(ZLoginData) } },
    },
    async (request) =>
      ok(await identity.passwordLogin(db, await tenantOfRequest(db, request), request.body, meta(request)), '登录成功'),
  );

  app.post(
    '/auth/sms/code',
    {
      config: { permission: 'public' },
      schema: { tags, summary: '发送短信验证码', body: ZSendCode, response: { 200: ZEnvelope(ZSendCodeData) } },
    },
    async (request) => {
      await identity.sendCode(db, app.sms, await tenantOfRequest(db, request), request.body);
      return ok(
        { resendAfterSeconds: SMS_CODE.resendAfterSeconds, validMinutes: SMS_CODE.validMinutes },
        LOGIN_MESSAGES.codeSent,
      );
    },
  );

  app.post(
    '/auth/login/sms',
    {
      config: { permission: 'public' },
      schema: { tags, summary: '短信验证码登录', body: ZSmsLogin, response: { 200: ZEnvelope(ZLoginData) } },
    },
    async (request) =>
      ok(await identity.smsLogin(db, await tenantOfRequest(db, request), request.body, meta(request)), '登录成功'),
  );

  app.post(
    '/auth/password/forgot',
    {
      config: { permission: 'public' },
      schema: { tags, summary: '短信验证后重设密码', body: ZForgotPassword, response: { 200: ZNull } },
    },
    async (request) => {
      await identity.forgotPassword(db, await tenantOfRequest(db, request), request.body);
      return ok(null, '密码已重置，请使用新密码登录');
    },
  );

  app.post(
    '/auth/login/entry',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: '会员入口：用一次性 memberToken 直接以身份登录',
        body: ZEntryLogin,
        response: { 200: ZEnvelope(ZLoginData) },
      },
    },
    async (request) =>
      ok(await identity.entryLogin(db, await tenantOfRequest(db, request), request.body, meta(request)), '登录成功'),
  );

  app.post(
    '/auth/entry-tickets',
    {
      config: { permission: 'identity' },
      schema: {
        tags,
        summary: '为当前身份签发一次性会员入口（2 分钟内有效）',
        response: {
          200: ZEnvelope(
            z.object({ memberToken: z.string(), identityId: z.number(), userId: z.number(), expiresAt: z.string() }),
          ),
        },
      },
    },
    async (request) => ok(await identity.issueEntryTicket(db, authOf(request))),
  );

  app.post(
    '/auth/register',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: '注册（短信验证；按租户设置待审核或直接生效）',
        body: ZRegister,
        response: { 200: ZEnvelope(z.object({ pending: z.boolean(), existed: z.boolean() })) },
      },
    },
    async (request) => {
      const result = await identity.register(db, await tenantOfRequest(db, request), request.body);
      const msg = result.pending
        ? result.existed
          ? '注册成功，沿用该手机号原有密码，请等待管理员审核'
          : '注册成功，请等待管理员审核'
        : result.existed
          ? '注册成功，沿用该手机号原有密码，请登录'
          : '注册成功，请登录';
      return ok(result, msg);
    },
  );

  app.post(
    '/auth/status',
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: '登录状态检查（pageType）',
        body: ZStatusCheck,
        response: { 200: ZEnvelope(ZStatusData) },
      },
    },
    async (request) => ok(await identity.statusCheck(db, authOf(request), request.body)),
  );

  app.get(
    '/auth/visitor',
    {
      // Anyone may ask: nobody, or a session that no longer holds, is answered as anonymous rather
      // than refused, so a login-side page can tell a stale login from a live one without a prompt.
      config: { permission: 'optional' },
      schema: {
        tags,
        summary: '当前访客：是否已登录、应去的页面、各身份的审核状态（登录页与结果页）',
        response: { 200: ZEnvelope(ZVisitor) },
      },
    },
    async (request) => ok(await identity.visitor(db, request.auth)),
  );

  app.get(
    '/auth/identities',
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: '本人在当前机构的身份',
        querystring: ZIdentityListQuery,
        response: { 200: ZEnvelope(ZIdentityList) },
      },
    },
    async (request) => ok({ list: await identity.listIdentities(db, authOf(request), request.query) }),
  );

  app.post(
    '/auth/login/identity',
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: '按身份登录（也用于切换身份）',
        body: ZIdentityLogin,
        response: { 200: ZEnvelope(ZLoginData) },
      },
    },
    async (request) =>
      ok(await identity.identityLogin(db, authOf(request), request.body.identityId, meta(request)), '登录成功'),
  );

  app.get(
    '/auth/societies',
    {
      config: { permission: 'login' },
      schema: { tags, summary: '本人所属的机构（学会）', response: { 200: ZEnvelope(ZSocietyList) } },
    },
    async (request) => ok({ list: await identity.listSocieties(db, authOf(request)) }),
  );

  app.post(
    '/auth/society',
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: '选择进入的机构（学会）',
        body: ZChooseSociety,
        response: { 200: ZEnvelope(ZLoginData) },
      },
    },
    async (request) => ok(await identity.chooseSociety(db, authOf(request), request.body.tenantId, meta(request))),
  );

  app.get(
    '/auth/menu',
    {
      config: { permission: 'identity' },
      schema: {
        tags,
        summary: '当前身份的菜单与功能点',
        querystring: ZMenuQuery,
        response: { 200: ZEnvelope(ZMenuData) },
      },
    },
    async (request) => ok(await identity.menuOf(db, authOf(request), request.query.mode)),
  );

  app.get(
    '/auth/session',
    {
      config: { permission: 'login' },
      schema: { tags, summary: '当前登录信息', response: { 200: ZEnvelope(ZSessionInfo) } },
    },
    async (request) => ok(await identity.sessionInfo(db, authOf(request))),
  );

  app.post(
    '/auth/logout',
    { config: { permission: 'login' }, schema: { tags, summary: '退出登录', response: { 200: ZNull } } },
    async (request) => {
      await identity.logout(db, authOf(request));
      return ok(null, LOGIN_MESSAGES.loggedOut);
    },
  );

  app.post(
    '/auth/password/change',
    {
      config: { permission: 'login' },
      schema: { tags, summary: '修改密码', body: ZChangePassword, response: { 200: ZNull } },
    },
    async (request) => {
      await identity.changePassword(db, authOf(request), request.body);
      return ok(null, '密码修改成功');
    },
  );

  app.post(
    '/auth/phone/change',
    {
      config: { permission: 'login' },
      schema: { tags, summary: '更换手机号（新号码短信验证）', body: ZBindPhone, response: { 200: ZNull } },
    },
    async (request) => {
      await identity.bindPhone(db, authOf(request), request.body, 'change');
      return ok(null, '手机号已更换');
    },
  );

  app.get(
    '/auth/profile',
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: '个人资料（会员身份含会员资料及本机构要求必填的项）',
        response: { 200: ZEnvelope(ZMemberProfile) },
      },
    },
    async (request) => ok(await profile.memberProfile(db, authOf(request))),
  );

  app.get(
    '/auth/profile/required-complete',
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: '会员资料是否完整（定制类型 34 的会员身份；其他情况总是完整）',
        response: { 200: ZEnvelope(ZRequiredComplete) },
      },
    },
    async (request) => ok(await profile.requiredComplete(db, authOf(request))),
  );

  app.put(
    '/auth/profile',
    {
      config: { permission: 'login' },
      schema: { tags, summary: '修改个人资料（会员身份可含会员资料）', body: ZProfileInput, response: { 200: ZNull } },
    },
    async (request) => {
      await profile.updateProfile(db, authOf(request), request.body);
      return ok(null, '保存成功');
    },
  );

  app.post(
    '/auth/email',
    {
      config: { permission: 'login' },
      schema: { tags, summary: '绑定或更换邮箱（登录密码确认）', body: ZEmailChange, response: { 200: ZNull } },
    },
    async (request) => {
      await identity.changeEmail(db, authOf(request), request.body);
      return ok(null, '邮箱已保存');
    },
  );

  app.post(
    '/auth/phone/bind',
    {
      config: { permission: 'login' },
      schema: { tags, summary: '绑定或更换手机号（短信验证）', body: ZBindPhone, response: { 200: ZNull } },
    },
    async (request) => {
      await identity.bindPhone(db, authOf(request), request.body);
      return ok(null, '手机号绑定成功');
    },
  );
}
