import { DICTIONARY_PAGES } from '@shetuan/shared/dictionaries/pages';
import { defineWebModule } from '../../app/web-module';

/** 字典管理: the tenant's dictionaries and their items (the resource kit's first screen). */
export const dictionariesWebModule = defineWebModule({
  name: 'dictionaries',
  routes: [
    {
      path: DICTIONARY_PAGES.dictionary.path,
      screen: () => import('./DictionaryPage'),
      meta: {
        requireLogin: true,
        keepAlive: true,
        routerList: [{ name: '功能配置' }, { name: DICTIONARY_PAGES.dictionary.name }],
      },
      layout: 'console',
    },
  ],
});
