import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../testing';
import { defaultMenu, functionsOf } from '../rbac';
import { installedModules } from './registry';

const ROLES_WITHOUT_PAGE = new Set(['public', 'login', 'identity', 'optional']);

/**
 * The permission keys agree everywhere: every key a route checks is granted by a default-menu
 * entry (and that entry's function points), every page a module declares is in the default menu,
 * and every function point a module declares is checked by some route.
 */
describe('permission keys', () => {
  let t: TestContext;
  let checked: Map<string, string[]>;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
    checked = new Map();
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { description?: string }>> };
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const key = /Permission: `([^`]+)`/.exec(op.description ?? '')?.[1];
        const route = `${method.toUpperCase()} ${path}`;
        if (!key) throw new Error(`${route} shows no permission in the OpenAPI document`);
        if (ROLES_WITHOUT_PAGE.has(key)) continue;
        checked.set(key, [...(checked.get(key) ?? []), route]);
      }
    }
  });
  afterAll(() => t.close());

  const menuPaths = () => {
    const paths = new Set<string>();
    for (const group of defaultMenu()) for (const entry of group.children ?? []) if (entry.path) paths.add(entry.path);
    return paths;
  };
  const declared = () => new Map(installedModules().flatMap((m) => (m.pages ?? []).map((p) => [p.path, m.name])));

  it('every key a route checks is a declared page or function point that the default menu grants', () => {
    const paths = menuPaths();
    const pages = declared();
    const problems: string[] = [];
    for (const [key, routes] of checked) {
      const colon = key.lastIndexOf(':');
      const path = colon > 0 ? key.slice(0, colon) : key;
      const code = colon > 0 ? key.slice(colon + 1) : null;
      if (!pages.has(path)) problems.push(`${key} (${routes[0]}): no module declares the page ${path}`);
      if (!paths.has(path)) problems.push(`${key} (${routes[0]}): no default-menu entry has the path ${path}`);
      else if (code && !functionsOf(path).some((f) => f.code === code))
        problems.push(`${key} (${routes[0]}): the entry ${path} has no function point ${code}`);
    }
    expect(problems).toEqual([]);
  });

  it('every declared page is in the default menu, and each of its function points is checked by a route', () => {
    const paths = menuPaths();
    const problems: string[] = [];
    for (const m of installedModules()) {
      for (const page of m.pages ?? []) {
        if (!paths.has(page.path)) problems.push(`${m.name}: page ${page.path} has no default-menu entry`);
        if (!checked.has(page.path) && !page.functions.some((f) => checked.has(`${page.path}:${f.code}`)))
          problems.push(`${m.name}: no route checks the page ${page.path}`);
        for (const f of page.functions)
          if (!checked.has(`${page.path}:${f.code}`))
            problems.push(`${m.name}: function point ${page.path}:${f.code} (${f.name}) is checked by no route`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('catches a route that checks a key no menu grants (the check is not vacuous)', () => {
    expect(checked.size).toBeGreaterThan(20);
    expect(menuPaths().has('/no-such-page')).toBe(false);
    expect(functionsOf('/company').map((f) => f.code)).toEqual(['add', 'edit', 'delete', 'export']);
  });
});
