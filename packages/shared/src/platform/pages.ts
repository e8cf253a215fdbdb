/**
 * Typed permission keys. A page (a menu entry with a screen) is declared once, in its module's
 * shared folder, with its path, Chinese name and function points; server routes, the default
 * menu, web routes and button checks all use the constant, never a string. A route checks
 * `page.path` (may open the page) or `page.add` (may use that function point: '/company:add').
 */

/** The function points a page has unless it names its own. */
export const STANDARD_FUNCTIONS = { add: '新增', edit: '编辑', delete: '删除', export: '导出' } as const;
export type StandardFunction = keyof typeof STANDARD_FUNCTIONS;

/** What every page has, whatever its function points. */
export interface PageInfo<P extends string = string> {
  readonly path: P;
  readonly name: string;
  /** Function points of the page: code and Chinese name, in display order. */
  readonly functions: readonly { readonly code: string; readonly name: string }[];
}

export type Page<P extends string = string, F extends string = string> = PageInfo<P> & {
  readonly [K in F]: `${P}:${K}`;
};

const RESERVED = new Set(['path', 'name', 'functions']);

/**
 * Declares a page. Without `functions` it has the standard four (新增, 编辑, 删除, 导出); give the
 * exact set its routes check, since the permission test refuses a function point no route checks.
 */
export function definePage<P extends `/${string}`, F extends string = StandardFunction>(
  path: P,
  name: string,
  functions?: Record<F, string>,
): Page<P, F> {
  const fns = (functions ?? STANDARD_FUNCTIONS) as Record<F, string>;
  const page: Record<string, unknown> = {
    path,
    name,
    functions: Object.entries<string>(fns).map(([code, label]) => ({ code, name: label })),
  };
  for (const code of Object.keys(fns)) {
    if (RESERVED.has(code) || !/^[A-Za-z][\w-]*$/.test(code)) throw new Error(`bad function point ${code} on ${path}`);
    page[code] = `${path}:${code}`;
  }
  return Object.freeze(page) as Page<P, F>;
}

/** The permission a route or a screen needs: a page's path or one of its function points. */
export type PermissionKey = `/${string}`;
