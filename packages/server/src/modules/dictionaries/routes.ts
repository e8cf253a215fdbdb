import { ok, ZEnvelope } from '@shetuan/shared';
import {
  DICT_ITEMS,
  DICTIONARY_PAGES,
  ZDictCode,
  ZDictionary,
  ZDictionaryName,
  ZDictOptions,
} from '@shetuan/shared/dictionaries';
import { z } from 'zod';
import { authOf, callerTenant } from '../../platform/auth/context';
import type { AppInstance } from '../../platform/http/app-types';
import { resourceRoutes } from '../../platform/resource';
import * as dictionaries from './service';

const tags = ['dictionaries'];
const page = DICTIONARY_PAGES.dictionary;

/** 字典管理: the dictionaries, their items (resource kit), the order, and options for forms. */
export async function dictionaryRoutes(app: AppInstance): Promise<void> {
  const inTenant = callerTenant(app.db);

  app.get(
    '/dictionaries',
    {
      config: { permission: page.path },
      schema: { tags, summary: '字典列表', response: { 200: ZEnvelope(z.object({ list: z.array(ZDictionary) })) } },
    },
    async (request) =>
      ok({ list: await inTenant(request, (tx) => dictionaries.listDictionaries(tx, authOf(request).tenantId)) }),
  );

  app.put(
    '/dictionaries/items/order',
    {
      config: { permission: page.edit },
      schema: {
        tags,
        summary: '调整字典项顺序（按给出的编号排列）',
        body: z.object({
          dictCode: ZDictCode,
          ids: z.array(z.number().int().positive()).min(1, '请给出字典项').max(1000, '字典项过多'),
        }),
        response: { 200: ZEnvelope(z.null()) },
      },
    },
    async (request) => {
      const { dictCode, ids } = request.body;
      await inTenant(request, (tx) => dictionaries.reorder(tx, authOf(request).tenantId, dictCode, ids));
      return ok(null, '排序已保存');
    },
  );

  // Any identity may read the dictionaries' names and a dictionary's options: the form designer
  // offers them (引用字典) to people who may not have the 字典管理 page.
  app.get(
    '/dictionaries/names',
    {
      config: { permission: 'identity' },
      schema: {
        tags,
        summary: '字典名称（表单题目引用字典时选择）',
        response: { 200: ZEnvelope(z.object({ list: z.array(ZDictionaryName) })) },
      },
    },
    async () => ok({ list: dictionaries.dictionaryNames() }),
  );

  app.get(
    '/dictionaries/:code/options',
    {
      config: { permission: 'identity' },
      schema: {
        tags,
        summary: '字典选项（启用的字典项，按顺序）',
        params: z.object({ code: ZDictCode }),
        response: { 200: ZEnvelope(ZDictOptions) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, (tx) =>
          dictionaries.dictionaryOptions(tx, authOf(request).tenantId, request.params.code),
        ),
      ),
  );

  await resourceRoutes(app, DICT_ITEMS, dictionaries.dictItemService);
}
