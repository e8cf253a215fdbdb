import type { PageInfo } from '@shetuan/shared';
import type { FormKindDef } from '@shetuan/shared/forms';
import type { AuthContext } from '../auth/context';
import type { AppConfig } from '../config';
import type { AppDatabase, Tx } from '../db';
import type { AppInstance } from '../http/app-types';
import type { JobHandler, StartTask } from '../jobs/registry';

/** The demo tenants a module's demo data goes into (platform/seed). */
export interface DemoTenants {
  city: number;
  district: number;
  disabled: number;
}

/** Default-menu entries a module brings beyond the catalogue (rbac/default-menu.ts). */
export interface MenuContribution {
  /**
   * The key of the catalogue group the entries join, or a new group (added after the catalogue's)
   * with the default roles (by name, rbac DEFAULT_ROLES) that get it; 运营管理员 gets every group.
   */
  group: string | { key: string; name: string; roles?: readonly string[] };
  entries: { path: `/${string}`; name: string; hidden?: boolean }[];
}

/** An order as the module that made it is told of it (the payments module's order handlers). */
export interface OrderNotice {
  id: number;
  orderNo: string;
  bizType: string;
  bizRef: string;
  amountFen: number;
  refundedFen: number;
  payerUserId: number;
}

/**
 * What a module does when an order it made is paid, cancelled (by the payer or its timeout) or
 * refunded. Called inside the transaction that changes the order, so both commit or neither.
 */
export interface OrderHandlers {
  paid?: (tx: Tx, tenantId: number, order: OrderNotice) => Promise<void>;
  cancelled?: (tx: Tx, tenantId: number, order: OrderNotice) => Promise<void>;
  refunded?: (tx: Tx, tenantId: number, order: OrderNotice) => Promise<void>;
}

/**
 * A to-do a module offers the home pages (platform/home): how many things wait for the caller at
 * one page. Shown only to a caller whose identity may open that page (`permission`, checked as a
 * route's is); `count` is one cheap indexed statement that names the tenant (docs/scale-out.md),
 * in the module's repository.
 */
export interface HomeTodo {
  /** Unique across modules, prefixed by the module: 'payments.to-pay'. */
  key: string;
  /** 单位首页 (the unit's work: reviews, approvals) or 个人首页 (the person's own). */
  home: 'unit' | 'personal';
  /** Chinese, as the card shows it: 待支付的订单. */
  label: string;
  /** The console page that handles them. */
  path: `/${string}`;
  /** The permission key the caller needs (the page, or the function point that acts there). */
  permission: string;
  count: (tx: Tx, caller: AuthContext, now: Date) => Promise<number>;
}

/** A key figure of the unit home (a count, or money in fen), with its permission. */
export interface HomeFigure {
  key: string;
  label: string;
  unit: 'count' | 'fen';
  /** After a count: 人, 份. */
  suffix?: string;
  /** The page that shows its detail. */
  path?: `/${string}`;
  permission: string;
  value: (tx: Tx, caller: AuthContext, now: Date) => Promise<number>;
}

/** A short series for the unit home's chart (income by month), with its permission. */
export interface HomeSeries {
  key: string;
  label: string;
  unit: 'count' | 'fen';
  permission: string;
  points: (tx: Tx, caller: AuthContext, now: Date) => Promise<{ label: string; value: number }[]>;
}

/** What a module brings to the home pages (/homepage, /personalHomepage). */
export interface HomeContribution {
  todos?: readonly HomeTodo[];
  figures?: readonly HomeFigure[];
  series?: readonly HomeSeries[];
}

/**
 * One server module, declared once (docs/modules.md). The platform reads these declarations; it
 * never imports a module. Tables are found by their place (src/modules/<name>/tables.ts, for
 * drizzle-kit); everything else a module brings is listed here.
 */
export interface ServerModule {
  /** The module's folder name, the same in shared, server and web. */
  name: string;
  /** Its routes, registered under /st365. */
  routes?: (app: AppInstance) => Promise<void>;
  /** The pages it serves, with their function points: the permission keys its routes check. */
  pages?: readonly PageInfo[];
  /** Default-menu entries beyond the catalogue (most pages already have their catalogue entry). */
  menu?: readonly MenuContribution[];
  /**
   * Menu versions: entries (keys: paths or group keys) existing tenants get at start, once each
   * (rbac upgradeTenantMenu). Version numbers are unique across all modules.
   */
  menuAdditions?: readonly { version: number; keys: readonly string[] }[];
  /** The kinds of background job it runs. */
  jobs?: Readonly<Record<string, JobHandler>>;
  /**
   * Work when a server's job worker starts (JOB_WORKER): queueing the module's recurring job,
   * which queues its own next run from then on. Idempotent: every server runs it at every start.
   */
  onWorkerStart?: StartTask;
  /** Handlers of the orders it makes, by the orders' bizType ('membership.fee'). */
  orderHandlers?: Readonly<Record<string, OrderHandlers>>;
  /** The kinds of form it brings (the form designer's variants with their fixed questions). */
  formKinds?: readonly FormKindDef[];
  /** Its to-dos and key figures on the home pages (platform/home). */
  home?: HomeContribution;
  /** Demo data for an empty database, after the demo tenants and their menus exist; in list order. */
  seedDemo?: (db: AppDatabase, tenants: DemoTenants, config: AppConfig) => Promise<void>;
}

/** Types a module's declaration. */
export function defineModule(module: ServerModule): ServerModule {
  return module;
}
