import { DICT_ITEMS } from '@shetuan/shared/dictionaries';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ list: [] as unknown[][] }));
vi.mock('../../app/request', () => {
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      calls.list.push([name, ...args]);
      return Promise.resolve(name === 'post' ? { key: 'k1', id: 7 } : null);
    };
  return {
    api: { get: record('get'), post: record('post'), request: record('request'), download: record('download') },
    uploadWithProgress: record('upload'),
  };
});

const { resourceApi, resourcePaths, toQuery } = await import('./api');

describe('resource api derived from the contract', () => {
  beforeEach(() => {
    calls.list = [];
  });

  it('builds the kit’s paths under the API base', () => {
    expect(resourcePaths('/dictionaries/items')).toMatchObject({
      list: '/dictionaries/items',
      exportJobs: '/dictionaries/items/export-jobs',
      importTemplate: '/dictionaries/items/import-template',
      import: '/dictionaries/items/import',
    });
    expect(resourcePaths('/dictionaries/items').one(12)).toBe('/dictionaries/items/12');
  });

  it('keeps only the query values a URL can carry', () => {
    expect(toQuery({ keyword: ' 汉 ', status: 0, empty: '', none: undefined, on: false, obj: {} })).toEqual({
      keyword: '汉',
      status: 0,
      on: false,
    });
  });

  it('calls list, get, create, update, remove with the right method and path', async () => {
    const items = resourceApi(DICT_ITEMS);
    await items.list({ dictCode: 'ethnic', current: 2, pageSize: 20, keyword: '汉' });
    await items.get(5);
    await items.create({ dictCode: 'ethnic', value: 'x', label: '新' });
    await items.update(5, { label: '改' });
    await items.remove(5);
    expect(calls.list).toEqual([
      ['get', '/dictionaries/items', { dictCode: 'ethnic', current: 2, pageSize: 20, keyword: '汉' }],
      ['get', '/dictionaries/items/5'],
      ['post', '/dictionaries/items', { dictCode: 'ethnic', value: 'x', label: '新' }],
      ['request', '/dictionaries/items/5', 'PUT', { label: '改' }],
      ['request', '/dictionaries/items/5', 'DELETE'],
    ]);
  });

  it('starts an export job with the filters but not the paging', async () => {
    const job = await resourceApi(DICT_ITEMS).exportJob({
      dictCode: 'ethnic',
      status: 1,
      current: 3,
      pageSize: 50,
    } as never);
    expect(job).toEqual({ key: 'k1', id: 7 });
    expect(calls.list).toEqual([['post', '/dictionaries/items/export-jobs', { dictCode: 'ethnic', status: 1 }]]);
  });

  it('downloads the template and uploads an import with its mode in the query and fixed fields beside the file', async () => {
    const items = resourceApi(DICT_ITEMS);
    await items.downloadTemplate();
    const file = new File(['x'], 'items.xlsx');
    await items.importFile(file, 'valid', { dictCode: 'ethnic' });
    expect(calls.list[0]).toEqual(['download', '/dictionaries/items/import-template', {}, '字典项导入模板.xlsx']);
    const [name, path, form, , query] = calls.list[1] as [string, string, FormData, unknown, unknown];
    expect([name, path, query]).toEqual(['upload', '/dictionaries/items/import', { mode: 'valid' }]);
    expect(form.get('dictCode')).toBe('ethnic');
    expect((form.get('file') as File).name).toBe('items.xlsx');
  });
});
