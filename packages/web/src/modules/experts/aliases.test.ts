import { describe, expect, it } from 'vitest';
import { aliasRoutes } from './aliases';
import { libraryRoutes } from './library/routes';
import { selectionRoutes } from './selection/routes';

describe('the spec’s other paths of the expert library', () => {
  const own = [...libraryRoutes, ...selectionRoutes];
  const all = [...own, ...aliasRoutes];

  it('serves each by a screen of the module, in that screen’s menu entry, and no path twice', () => {
    const paths = all.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const alias of aliasRoutes) {
      const target = own.find((r) => r.path === alias.meta.menuPath || r.meta.menuPath === alias.meta.menuPath);
      expect(target, alias.path).toBeDefined();
      expect(alias.meta.requireLogin).toBe(true);
      expect(alias.layout).toBe('console');
      expect(alias.meta.routerList?.at(-1)?.name, alias.path).toBeTruthy();
    }
  });

  it('covers the routes of spec 001 §2.9 this module builds', () => {
    expect(all.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/expertManagementAll',
        '/expertManagementParticulars',
        '/expertManagementDetail',
        '/expertAdd',
        '/expertaudit',
        '/list-of-experts',
        '/audit-list-of-experts',
        '/audit-list-of-experts-detail',
        '/area-of-expertise',
        '/myexpert-information-edit',
        '/expertSolicitation',
        '/expertSolicitation/detail',
        '/expert-sys-config',
        '/setSelectionExpert',
        '/selectionResult',
        '/checkSelectionExpert',
        '/selection-of-expert',
        '/result-of-selection',
        '/gz-talent-pool',
        '/fz-talent-pool',
      ]),
    );
  });

  it('hands an alias’s options to the screen (复核 opens at once)', async () => {
    const check = aliasRoutes.find((r) => r.path === '/checkSelectionExpert');
    const plain = aliasRoutes.find((r) => r.path === '/result-of-selection');
    const result = own.find((r) => r.path === '/selectionResult');
    expect(plain?.screen).toBe(result?.screen);
    expect(check?.screen).not.toBe(result?.screen);
  });
});
