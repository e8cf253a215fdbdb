import type { TRegionNode } from '@shetuan/shared/region';
import { useQuery } from '@tanstack/react-query';
import { type ApiQuery, apiCall } from '../../app/typed-api';

export const regionKeys = {
  all: ['region'] as const,
  tree: () => [...regionKeys.all, 'tree'] as const,
  list: (parent: string | undefined, keyword: string) => [...regionKeys.all, 'list', parent, keyword] as const,
};

/** The province-city-district tree: fetched once per page load, cached by the browser (ETag). */
export function useRegionTree() {
  return useQuery({
    queryKey: regionKeys.tree(),
    queryFn: () => apiCall.get('/common/regions', {}, { persistent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export const regionApi = {
  list: (query: ApiQuery<'get', '/common/regions/list'>) => apiCall.get('/common/regions/list', { query }),
};

/** The codes from the province down to a code (the cascader's value), [] when unknown. */
export function regionPath(tree: TRegionNode[], code: string | null | undefined): string[] {
  if (!code) return [];
  const walk = (nodes: TRegionNode[], trail: string[]): string[] | null => {
    for (const n of nodes) {
      const here = [...trail, n.c];
      if (n.c === code) return here;
      const found = walk(n.d ?? [], here);
      if (found) return found;
    }
    return null;
  };
  return walk(tree, []) ?? [];
}
