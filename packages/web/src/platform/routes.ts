import { HOME_PAGES } from '@shetuan/shared/home/pages';
import {
  ACTIVATION_SCREENS,
  type ActivationScreenPath,
  WECHAT_CHOOSE_IDENTITY_PATHS,
} from '@shetuan/shared/identity/pages';
import type { AppRoute } from '../app/route-registry';
import type { RESULT_PAGES } from './auth/pages/ResultPage';

const open = { requireLogin: false } as const;
const result = (path: keyof typeof RESULT_PAGES): AppRoute => ({
  path,
  screen: () => import('./auth/pages/ResultPage').then((m) => ({ default: m.resultScreen(path) })),
  meta: open,
});

/** Screens of the platform: login side (spec 000 §2) and the console's own pages. */
export const platformRoutes: AppRoute[] = [
  { path: '/login', screen: () => import('./auth/pages/LoginPage'), meta: open },
  { path: '/societyLogin', screen: () => import('./auth/pages/SocietyLoginPage'), meta: open },
  // The login aliases, by configuration (LOGIN_SCREENS): /log is /login, /wxlogin opens on 微信登录.
  ...(['/log', '/wxlogin'] as const).map(
    (path): AppRoute => ({
      path,
      screen: () => import('./auth/pages/LoginPage').then((m) => ({ default: m.loginScreen(path) })),
      meta: open,
    }),
  ),
  ...WECHAT_CHOOSE_IDENTITY_PATHS.map(
    (path): AppRoute => ({ path, screen: () => import('./auth/pages/ChooseIdentityPage'), meta: open }),
  ),
  ...(Object.keys(ACTIVATION_SCREENS) as ActivationScreenPath[]).map(
    (path): AppRoute => ({
      path,
      screen: () => import('./auth/pages/ActivationPage').then((m) => ({ default: m.activationScreen(path) })),
      meta: open,
    }),
  ),
  { path: '/societyLoginBlank', screen: () => import('./auth/pages/SocietyLoginBlankPage'), meta: open },
  // Needs a login, outside the console: the details asked after the first login.
  { path: '/setUserMsg', screen: () => import('./personal/SetUserMsgPage'), meta: { requireLogin: true } },
  { path: '/forgetPassword', screen: () => import('./auth/pages/ForgetPasswordPage'), meta: open },
  { path: '/forget/password', screen: () => import('./auth/pages/ForgetPasswordPage'), meta: open },
  {
    path: '/societyForgetPassword',
    screen: () => import('./auth/pages/ForgetPasswordPage').then((m) => ({ default: m.SocietyForgetPasswordPage })),
    meta: open,
  },
  { path: '/societyRegister', screen: () => import('./auth/pages/SocietyRegisterPage'), meta: open },
  { path: '/chooseIdentity', screen: () => import('./auth/pages/ChooseIdentityPage'), meta: open },
  { path: '/chooseSociety', screen: () => import('./auth/pages/ChooseSocietyPage'), meta: open },
  { path: '/set-phone', screen: () => import('./auth/pages/SetPhonePage'), meta: open },
  { path: '/bindPhone', screen: () => import('./auth/pages/SetPhonePage'), meta: open },
  { path: '/login-change', screen: () => import('./auth/pages/LoginChangePage'), meta: open },
  result('/memberForbidden'),
  result('/memberExamineResult'),
  result('/memberExamineResultExport'),
  result('/login-member-result'),
  result('/regist-nopay'),
  result('/login-expert-result'),
  { path: '/qaLibrary', screen: () => import('./pages/QaLibraryPage'), meta: open },
  { path: '/404', screen: () => import('./pages/NotFoundPage'), meta: open },
  { path: '/405', screen: () => import('./pages/ForbiddenPage'), meta: open },
  { path: '/', screen: () => import('./pages/ConsoleHomePage'), meta: { requireLogin: true }, layout: 'console' },
  {
    path: HOME_PAGES.unit.path,
    screen: () => import('./home/UnitHomePage'),
    // No breadcrumb: the greeting heads the page, and a 返回 would lead back to the login.
    meta: { requireLogin: true },
    layout: 'console',
  },
  {
    path: HOME_PAGES.personal.path,
    screen: () => import('./home/PersonalHomePage'),
    meta: { requireLogin: true },
    layout: 'console',
  },
  {
    path: '/roleManage',
    screen: () => import('./rbac/RoleManagePage'),
    meta: { requireLogin: true, keepAlive: true, routerList: [{ name: '组织与人员' }, { name: '角色管理' }] },
    layout: 'console',
  },
  {
    path: '/roleManageDetail',
    screen: () => import('./rbac/RoleDetailPage'),
    meta: {
      requireLogin: true,
      menuPath: '/roleManage',
      routerList: [{ name: '组织与人员' }, { name: '角色管理', path: '/roleManage' }, { name: '角色详情' }],
    },
    layout: 'console',
  },
  {
    path: '/messagePlatform',
    screen: () => import('./messages/MessagePlatformPage'),
    meta: { requireLogin: true, keepAlive: true, routerList: [{ name: '消息' }, { name: '站内消息' }] },
    layout: 'console',
  },
  {
    path: '/messagePlatformDetail',
    screen: () => import('./messages/MessageDetailPage'),
    meta: {
      requireLogin: true,
      menuPath: '/messagePlatform',
      routerList: [{ name: '消息' }, { name: '站内消息', path: '/messagePlatform' }, { name: '消息详情' }],
    },
    layout: 'console',
  },
  {
    path: '/messageSetting',
    screen: () => import('./messages/MessageSettingPage'),
    meta: { requireLogin: true, routerList: [{ name: '消息' }, { name: '消息设置' }] },
    layout: 'console',
  },
  {
    path: '/wechatDevLogin',
    screen: () => import('./wechat/WechatDevLoginPage'),
    meta: { requireLogin: true, routerList: [{ name: '开发环境' }, { name: '确认微信扫码登录' }] },
    layout: 'console',
  },
  {
    path: '/wechatDevConfirm',
    screen: () => import('./wechat/WechatDevConfirmPage'),
    meta: { requireLogin: true, menuPath: '/smsOutbox', routerList: [{ name: '开发环境' }, { name: '确认微信绑定' }] },
    layout: 'console',
  },
  {
    path: '/jurisdiction',
    screen: () => import('./rbac/JurisdictionPage'),
    meta: { requireLogin: true, routerList: [{ name: '功能配置' }, { name: '权限配置' }] },
    layout: 'console',
  },
  {
    path: '/setMenu',
    screen: () => import('./rbac/SetMenuPage'),
    meta: { requireLogin: true, routerList: [{ name: '功能配置' }, { name: '菜单配置' }] },
    layout: 'console',
  },
  {
    path: '/function',
    screen: () => import('./rbac/FunctionPage'),
    meta: { requireLogin: true, keepAlive: true, routerList: [{ name: '功能配置' }, { name: '功能点配置' }] },
    layout: 'console',
  },
  {
    path: '/logList',
    screen: () => import('./audit/LogPages').then((m) => ({ default: m.OperationLogPage })),
    meta: { requireLogin: true, routerList: [{ name: '日志与安全' }, { name: '操作日志' }] },
    layout: 'console',
  },
  {
    path: '/loginLog',
    screen: () => import('./audit/LogPages').then((m) => ({ default: m.LoginLogPage })),
    meta: { requireLogin: true, routerList: [{ name: '日志与安全' }, { name: '登录日志' }] },
    layout: 'console',
  },
  {
    path: '/onlineSessions',
    screen: () => import('./auth/pages/OnlineSessionsPage'),
    meta: { requireLogin: true, routerList: [{ name: '日志与安全' }, { name: '在线会话' }] },
    layout: 'console',
  },
  {
    path: '/tenant',
    screen: () => import('./tenant-admin/TenantManagePage'),
    meta: { requireLogin: true, routerList: [{ name: '组织与人员' }, { name: '租户管理' }] },
    layout: 'console',
  },
  {
    path: '/smsOutbox',
    screen: () => import('./sms/OutboxPage'),
    meta: { requireLogin: true, routerList: [{ name: '日志与安全' }, { name: '短信发件箱' }] },
    layout: 'console',
  },
  {
    path: '/personalCenter',
    screen: () => import('./personal/PersonalCenterPage'),
    meta: { requireLogin: true, routerList: [{ name: '个人中心' }] },
    layout: 'console',
  },
  {
    // The menu's 用户中心 (申诉与用户中心): the personal centre itself, under its menu entry.
    path: '/userCenter',
    screen: () => import('./personal/PersonalCenterPage'),
    meta: { requireLogin: true, routerList: [{ name: '申诉与用户中心' }, { name: '用户中心' }] },
    layout: 'console',
  },
  {
    path: '/personalCenterChangePhone',
    screen: () => import('./personal/ChangePhonePage'),
    meta: {
      requireLogin: true,
      menuPath: '/personalCenter',
      routerList: [{ name: '个人中心', path: '/personalCenter' }, { name: '更换手机号' }],
    },
    layout: 'console',
  },
  {
    path: '/personalCenterBindEmail',
    screen: () => import('./personal/EmailPage').then((m) => ({ default: m.BindEmailPage })),
    meta: {
      requireLogin: true,
      menuPath: '/personalCenter',
      routerList: [{ name: '个人中心', path: '/personalCenter' }, { name: '绑定邮箱' }],
    },
    layout: 'console',
  },
  {
    path: '/personalCenterChangeEmail',
    screen: () => import('./personal/EmailPage').then((m) => ({ default: m.ChangeEmailPage })),
    meta: {
      requireLogin: true,
      menuPath: '/personalCenter',
      routerList: [{ name: '个人中心', path: '/personalCenter' }, { name: '更换邮箱' }],
    },
    layout: 'console',
  },
  {
    path: '/personalCenterChangePassword',
    screen: () => import('./pages/ChangePasswordPage'),
    meta: { requireLogin: true, routerList: [{ name: '个人中心' }, { name: '修改密码' }] },
    layout: 'console',
  },
];
