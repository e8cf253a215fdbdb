import { DICT_ITEMS, DICTIONARY_PAGES } from '@shetuan/shared/dictionaries';
import { defineModule } from '../../platform/modules';
import { resourceExportJob } from '../../platform/resource';
import { dictionaryRoutes } from './routes';
import { dictItemService } from './service';

/** 字典管理 (功能配置): built-in dictionaries, each tenant working on its own copy. */
export const dictionariesModule = defineModule({
  name: 'dictionaries',
  routes: dictionaryRoutes,
  pages: Object.values(DICTIONARY_PAGES),
  menu: [{ group: 'function-config', entries: [{ path: DICTIONARY_PAGES.dictionary.path, name: '字典管理' }] }],
  menuAdditions: [{ version: 2, keys: [DICTIONARY_PAGES.dictionary.path] }],
  jobs: resourceExportJob(DICT_ITEMS, dictItemService),
});
