import type { ResourceContract, TImportResult, TPage } from '@shetuan/shared';
import type { z } from 'zod';
import { api, type RequestOptions, uploadWithProgress } from '../../app/request';

/** How an import treats bad rows: 'all' writes nothing when any row is bad, 'valid' the good rows. */
export type ImportMode = 'all' | 'valid';

/** The kit's paths under a resource's API base (the server's routes have the same shape). */
export function resourcePaths(base: `/${string}`) {
  return {
    list: base,
    one: (id: number) => `${base}/${encodeURIComponent(String(id))}`,
    exportJobs: `${base}/export-jobs`,
    importTemplate: `${base}/import-template`,
    import: `${base}/import`,
  } as const;
}

/** A list query: any of the filters (paging, keyword, the resource's own), as parsed. */
export type ResourceQuery<F extends z.ZodObject> = Partial<z.output<F>>;
/** What an export is asked for: the filters without the paging. */
export type ResourceExportQuery<F extends z.ZodObject> = Omit<ResourceQuery<F>, 'current' | 'pageSize'>;

/** The query values a URL can carry; the rest (absent, empty, objects) stay out. */
export function toQuery(values: Record<string, unknown>): NonNullable<RequestOptions['query']> {
  const query: NonNullable<RequestOptions['query']> = {};
  for (const [k, v] of Object.entries(values)) {
    if (typeof v === 'string') {
      if (v.trim() !== '') query[k] = v.trim();
    } else if (typeof v === 'number' || typeof v === 'boolean') query[k] = v;
  }
  return query;
}

/**
 * The typed calls of one resource, from its contract: the entity, create, update and filter
 * types are the zod schemas' own, so no screen writes a path or an inline type.
 */
export function resourceApi<
  E extends z.ZodObject,
  C extends z.ZodObject,
  U extends z.ZodObject,
  F extends z.ZodObject,
  D extends z.ZodObject = E,
>(contract: ResourceContract<E, C, U, F, D>) {
  const paths = resourcePaths(contract.api);
  return {
    paths,
    list: (query: ResourceQuery<F>) => api.get<TPage<z.output<E>>>(paths.list, toQuery(query)),
    /** The record as its detail answers (the contract's detail schema, or its entity). */
    get: (id: number) => api.get<z.output<D>>(paths.one(id)),
    create: (body: z.input<C>) => api.post<{ id: number }>(paths.list, body),
    update: (id: number, body: z.input<U>) => api.request<null>(paths.one(id), 'PUT', body),
    remove: (id: number) => api.request<null>(paths.one(id), 'DELETE'),
    /** Starts the background export; its progress is polled by key (ProgressDialog). */
    exportJob: (query: ResourceExportQuery<F>) => {
      const { current: _c, pageSize: _p, ...filters } = query as Record<string, unknown>;
      return api.post<{ key: string }>(paths.exportJobs, toQuery(filters));
    },
    downloadTemplate: () => api.download(paths.importTemplate, {}, `${contract.title}导入模板.xlsx`),
    /** Uploads an .xlsx; fixed values (a dictionary's code) go as multipart fields beside the file. */
    importFile: (
      file: Blob,
      mode: ImportMode,
      fields: Record<string, string | number> = {},
      onProgress: (percent: number) => void = () => undefined,
    ) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
      form.append('file', file, file instanceof File ? file.name : `${contract.title}.xlsx`);
      return uploadWithProgress<TImportResult>(paths.import, form, onProgress, { mode });
    },
  };
}

export type ResourceApi<
  E extends z.ZodObject,
  C extends z.ZodObject,
  U extends z.ZodObject,
  F extends z.ZodObject,
  D extends z.ZodObject = E,
> = ReturnType<typeof resourceApi<E, C, U, F, D>>;
