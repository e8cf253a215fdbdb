import { DICT_ITEMS, type TDictItem } from '@shetuan/shared/dictionaries';
import { apiCall } from '../../app/typed-api';
import { resourceApi } from '../../platform/resource/api';

/** Query keys of the dictionaries module. */
export const dictionaryKeys = {
  all: ['dictionaries'] as const,
  list: () => [...dictionaryKeys.all, 'list'] as const,
  allItems: (code: string) => [...dictionaryKeys.all, 'all-items', code] as const,
};

export const dictItems = resourceApi(DICT_ITEMS);

/** The largest page the list answers. */
const PAGE = 100;

export const dictionariesApi = {
  list: () => apiCall.get('/dictionaries'),
  /** Every item of a dictionary, in order (for reordering: the order is of the whole dictionary). */
  async allItems(dictCode: string): Promise<TDictItem[]> {
    const items: TDictItem[] = [];
    for (let current = 1; ; current++) {
      const page = await dictItems.list({ dictCode, current, pageSize: PAGE });
      items.push(...page.records);
      if (page.records.length < PAGE || items.length >= page.total) return items;
    }
  },
  reorder: (dictCode: string, ids: number[]) => apiCall.put('/dictionaries/items/order', { body: { dictCode, ids } }),
};
