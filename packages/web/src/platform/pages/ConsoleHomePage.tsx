import type { TMenuItem } from '@shetuan/shared/identity';
import { Navigate } from 'react-router';
import { session } from '../../app/session';
import { useMenu } from '../auth/api';
import { homePathOf } from '../home/api';
import { Greeting } from '../home/HomeParts';

/**
 * The console's root, where a login lands: the identity's home page (单位首页, else 个人首页) when
 * its menu has one; otherwise the greeting alone (a menu without 首页, changed at /setMenu).
 */
export default function ConsoleHomePage() {
  const menu = useMenu();
  const home = homePathOf(menu.data?.menuResult ?? session.menuList<TMenuItem>());
  if (home) return <Navigate to={home} replace />;
  return <Greeting />;
}
