import { ExportOutlined, LockOutlined, LogoutOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { ProLayout } from '@ant-design/pro-components';
import { LOGIN_MESSAGES } from '@shetuan/shared/identity';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Grid, Result, Select, Space, Spin, Tag } from 'antd';
import { useState, useSyncExternalStore } from 'react';
import { Link, useLocation, useMatches, useNavigate } from 'react-router';
import { feedback } from '../../app/feedback';
import type { RouteMeta } from '../../app/route-registry';
import { registeredRoutes } from '../../app/route-registry';
import { session } from '../../app/session';
import { useActing } from '../auth/acting';
import { authApi, useConsoleHead, useIdentities, useMenu, useSessionInfo } from '../auth/api';
import { MessageBell } from '../messages/MessageBell';
import { ConsoleQaLibraryLink } from '../pages/QaLibraryLink';
import { MemberProfilePrompt } from '../personal/MemberProfilePrompt';
import { consoleTitle } from '../tenant';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { builtOnly, toLayoutRoutes } from './menu-routes';
import { RouteBreadcrumb } from './RouteBreadcrumb';

const COLLAPSED_KEY = 'collapsed';

const builtPaths = new Set<string>();
/** Whether a menu path opens a screen of the route registry (filled once, after the modules registered). */
function isBuilt(path: string): boolean {
  if (builtPaths.size === 0) for (const r of registeredRoutes()) builtPaths.add(r.path);
  return builtPaths.has(path);
}

/** The main layout of the console: the server's menu for the identity, header with switch and user menu. */
export default function ConsoleLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  const matches = useMatches();
  const queryClient = useQueryClient();
  const menu = useMenu();
  const info = useSessionInfo();
  const identities = useIdentities();
  const acting = useActing();
  const head = useConsoleHead();
  const narrow = useNarrowScreen();
  // On a phone the menu is a drawer: closed on arrival whatever the desktop preference is.
  const [collapsed, setCollapsed] = useState(() => narrow || localStorage.getItem(COLLAPSED_KEY) === '1');

  const hiddenMenuShown = useSyncExternalStore(session.subscribeMenu, session.hiddenMenuShown);
  const meta = matches.at(-1)?.handle as RouteMeta | undefined;
  const selected = meta?.menuPath ?? location.pathname;

  const logout = async () => {
    await authApi.logout().catch(() => undefined);
    session.stopActing();
    session.clear();
    queryClient.clear();
    void feedback.message.success(LOGIN_MESSAGES.loggedOut);
    void navigate('/login');
  };

  const switchIdentity = async () => {
    if (acting.acting) {
      void feedback.message.warning('请先退出租户身份，再切换身份');
      return;
    }
    const list = identities.data ?? [];
    const others = list.filter((i) => i.identityId !== info.data?.identity?.identityId);
    if (list.length <= 1 || others.length === 0) {
      void feedback.message.warning(LOGIN_MESSAGES.onlyOneIdentity);
      return;
    }
    void navigate('/chooseIdentity');
  };

  if (menu.isPending) {
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <Spin size="large" />
      </div>
    );
  }
  if (menu.isError) {
    return <Result status="warning" title={menu.error.message} />;
  }
  if (menu.data.menuResult.length === 0) {
    return <Result status="403" title={LOGIN_MESSAGES.noPermission} />;
  }

  return (
    <ProLayout
      title={consoleTitle(head)}
      logo={head.icon}
      layout="mix"
      fixSiderbar
      collapsed={collapsed}
      // No automatic collapse on breakpoints: it would overwrite the remembered choice on every load.
      breakpoint={false}
      onCollapse={(value) => {
        setCollapsed(value);
        if (!narrow) localStorage.setItem(COLLAPSED_KEY, value ? '1' : '0');
      }}
      location={{ pathname: selected }}
      route={{
        path: '/',
        children: toLayoutRoutes(builtOnly(hiddenMenuShown ? menu.data.hiddenMenu : menu.data.menuResult, isBuilt)),
      }}
      menuItemRender={(item, dom) =>
        item.path && !item.path.startsWith('/__group/') ? <Link to={item.path}>{dom}</Link> : dom
      }
      onMenuHeaderClick={() => navigate('/')}
      avatarProps={{
        icon: <UserOutlined />,
        size: 'small',
        title: narrow
          ? undefined
          : info.data
            ? `${info.data.name}${info.data.identity ? `（${info.data.identity.identityName}）` : ''}`
            : '',
        render: (_props, dom) => (
          <Dropdown
            menu={{
              items: [
                {
                  key: 'center',
                  icon: <UserOutlined />,
                  label: '个人中心',
                  onClick: () => void navigate('/personalCenter'),
                },
                {
                  key: 'password',
                  icon: <LockOutlined />,
                  label: '修改密码',
                  onClick: () => void navigate('/personalCenterChangePassword'),
                },
                { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', onClick: () => void logout() },
              ],
            }}
          >
            {dom}
          </Dropdown>
        ),
      }}
      actionsRender={() => [
        ...(acting.acting
          ? [
              <Space key="acting">
                {!narrow && <Tag color="orange">代管：{acting.acting.companyName}</Tag>}
                <Button size="small" icon={<ExportOutlined />} onClick={acting.exit}>
                  退出租户身份
                </Button>
              </Space>,
            ]
          : []),
        ...(menu.data.modes.length > 0
          ? [
              <Space key="mode" size={4}>
                <label htmlFor="console-mode" style={narrow ? { fontSize: 12 } : undefined}>
                  当前模式
                </label>
                <Select
                  id="console-mode"
                  size="small"
                  value={menu.data.customType}
                  options={menu.data.modes}
                  onChange={(mode: number) => session.setMenuMode(mode)}
                  style={{ width: 104 }}
                />
              </Space>,
            ]
          : []),
        <ConsoleQaLibraryLink key="qa" iconOnly={narrow} />,
        <MessageBell key="bell" />,
        <Space key="switch" style={{ cursor: 'pointer' }} onClick={() => void switchIdentity()} title="切换身份">
          <SwapOutlined />
          {!narrow && <span>切换身份</span>}
        </Space>,
      ]}
    >
      <RouteBreadcrumb meta={meta} />
      <KeepAliveOutlet />
      <MemberProfilePrompt />
    </ProLayout>
  );
}

/** Phone-sized screens (below antd's md breakpoint), where ProLayout shows the menu as a drawer. */
function useNarrowScreen(): boolean {
  const screens = Grid.useBreakpoint();
  return screens.md === false || (screens.md === undefined && window.innerWidth < 768);
}
