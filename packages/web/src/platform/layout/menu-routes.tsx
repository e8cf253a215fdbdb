import {
  AccountBookOutlined,
  ApartmentOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BellOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  ClusterOutlined,
  ControlOutlined,
  CustomerServiceOutlined,
  ExperimentOutlined,
  FileAddOutlined,
  FileSearchOutlined,
  FlagOutlined,
  FormOutlined,
  GlobalOutlined,
  HomeOutlined,
  IdcardOutlined,
  MessageOutlined,
  PayCircleOutlined,
  ReadOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  SolutionOutlined,
  StarOutlined,
  SyncOutlined,
  TeamOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { TMenuItem } from '@shetuan/shared/identity';
import type { ReactNode } from 'react';
import { moduleMenuIcon } from '../../app/web-module';

export interface LayoutRoute {
  path: string;
  name: string;
  icon?: ReactNode;
  children?: LayoutRoute[];
}

/**
 * Icons of the built-in menu groups, by their stable key (server rbac CATALOGUE_MENU and the type 20
 * regrouping). A collapsed menu shows only these, so each group needs its own.
 */
const GROUP_ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  operations: <ControlOutlined />,
  'project-statistics': <BarChartOutlined />,
  'project-creator': <FileAddOutlined />,
  applicant: <SolutionOutlined />,
  reviewer: <AuditOutlined />,
  'first-trial': <FileSearchOutlined />,
  messages: <BellOutlined />,
  forms: <FormOutlined />,
  voting: <CheckSquareOutlined />,
  'activity-meeting': <ScheduleOutlined />,
  activity: <CalendarOutlined />,
  appeal: <CustomerServiceOutlined />,
  expert: <ExperimentOutlined />,
  'project-recommend': <StarOutlined />,
  'society-renewal': <SyncOutlined />,
  'party-renewal': <FlagOutlined />,
  invoice: <AccountBookOutlined />,
  organisation: <ApartmentOutlined />,
  'function-config': <ToolOutlined />,
  security: <SafetyOutlined />,
  membership: <TeamOutlined />,
  'member-card': <IdcardOutlined />,
  content: <ReadOutlined />,
  finance: <PayCircleOutlined />,
  sms: <MessageOutlined />,
  'society-service': <BankOutlined />,
  'content-service': <GlobalOutlined />,
  settings: <SettingOutlined />,
  'service-management': <ClusterOutlined />,
  'renewal-work': <SyncOutlined />,
  'business-management': <ShopOutlined />,
};

/** A top-level entry's icon: the picture the tenant set (img), else the built-in group's, else none. */
export function menuIcon(m: TMenuItem): ReactNode {
  if (m.img) return <img src={m.img} alt="" style={{ width: 14, height: 14, objectFit: 'contain' }} />;
  return GROUP_ICONS[m.key] ?? moduleMenuIcon(m.key);
}

/**
 * The menu without entries whose screen is not built (no route in the registry), and without
 * groups left empty. The server grants the whole catalogue menu; the console offers only what
 * opens a real screen, so no entry leads to 找不到页面. A tenant's own entry with a path the web
 * does not know is left out the same way.
 */
export function builtOnly(items: TMenuItem[], built: (path: string) => boolean): TMenuItem[] {
  const out: TMenuItem[] = [];
  for (const m of items) {
    const children = builtOnly(m.children, built);
    const path = m.path ? (m.path.startsWith('/') ? m.path : `/${m.path}`) : null;
    if ((path && built(path)) || children.length > 0) out.push({ ...m, children });
  }
  return out;
}

/** The server menu as ProLayout routes. A group without a path gets a stable key of its own. */
export function toLayoutRoutes(items: TMenuItem[], topLevel = true): LayoutRoute[] {
  return items.map((m) => {
    const path = m.path ? (m.path.startsWith('/') ? m.path : `/${m.path}`) : `/__group/${m.id}`;
    const children = m.children.length > 0 ? toLayoutRoutes(m.children, false) : undefined;
    const icon = topLevel ? menuIcon(m) : undefined;
    return { path, name: m.name, ...(icon ? { icon } : {}), ...(children ? { children } : {}) };
  });
}
