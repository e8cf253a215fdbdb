import { definePage } from '../platform/pages';

/**
 * The console's own pages, served by the platform rather than a module: roles and menus,
 * tenants, logs and sessions, SMS outbox, message settings.
 */
export const PLATFORM_PAGES = {
  role: definePage('/roleManage', '角色管理'),
  setMenu: definePage('/setMenu', '菜单配置', { add: '新增', edit: '编辑', delete: '删除' }),
  function: definePage('/function', '功能点配置'),
  jurisdiction: definePage('/jurisdiction', '权限配置', { edit: '编辑' }),
  tenant: definePage('/tenant', '租户管理', { add: '新增', edit: '编辑', export: '导出' }),
  operationLog: definePage('/logList', '操作日志', { export: '导出' }),
  loginLog: definePage('/loginLog', '登录日志', { export: '导出' }),
  onlineSessions: definePage('/onlineSessions', '在线会话', { delete: '强制下线' }),
  smsOutbox: definePage('/smsOutbox', '短信发件箱', { export: '导出' }),
  messageSetting: definePage('/messageSetting', '消息设置', { edit: '编辑' }),
} as const;
