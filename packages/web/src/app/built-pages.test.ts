import { BUILT_PAGES, isBuiltPage } from '@shetuan/shared';
import { describe, expect, it } from 'vitest';
import { WEB_MODULES } from '../modules';
import { platformRoutes } from '../platform/routes';

/** Every path of the route registry without parameters, as router.tsx registers them. */
const registered = new Set(
  [...platformRoutes, ...WEB_MODULES.flatMap((m) => m.routes)].map((r) => r.path).filter((p) => !p.includes(':')),
);

describe('the built pages shared with the server (shared/platform/built-pages.ts)', () => {
  it('are exactly the paths of the route registry', () => {
    const missing = [...registered].filter((p) => !BUILT_PAGES.has(p)).sort();
    const gone = [...BUILT_PAGES].filter((p) => !registered.has(p)).sort();
    // The lines to add to, or drop from, BUILT_PAGES: a screen the server would hide, or an entry
    // the server would offer that opens 找不到页面.
    expect({ add: missing, remove: gone }).toEqual({ add: [], remove: [] });
  });

  it('count a menu path with or without its leading slash', () => {
    expect(isBuiltPage('/roleManage')).toBe(true);
    expect(isBuiltPage('roleManage')).toBe(true);
    expect(isBuiltPage('/votingManagement')).toBe(false);
  });
});
