import { HOME_PAGES } from '@shetuan/shared/home';
import type { TMenuItem } from '@shetuan/shared/identity';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../app/typed-api';

export const homeKeys = {
  all: ['home'] as const,
  unit: () => [...homeKeys.all, 'unit'] as const,
  personal: () => [...homeKeys.all, 'personal'] as const,
};

// Counts change as the person works elsewhere: asked afresh on every visit to the page.
export function useUnitHome() {
  return useQuery({ queryKey: homeKeys.unit(), queryFn: () => apiCall.get('/home/unit'), staleTime: 0 });
}

export function usePersonalHome() {
  return useQuery({
    queryKey: homeKeys.personal(),
    queryFn: () => apiCall.get('/home/personal'),
    staleTime: 0,
  });
}

function hasPath(items: readonly TMenuItem[], path: string): boolean {
  return items.some((m) => m.path === path || hasPath(m.children ?? [], path));
}

/**
 * Where the console's root leads: 单位首页 when the identity's menu has it, else 个人首页, else
 * nowhere (the root then greets the person itself).
 */
export function homePathOf(menu: readonly TMenuItem[]): string | null {
  for (const page of [HOME_PAGES.unit, HOME_PAGES.personal]) if (hasPath(menu, page.path)) return page.path;
  return null;
}

/** Money in fen as the home cards show it: ¥1,234.50. */
export function yuan(fen: number): string {
  return `¥${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
