// `npm run new:module -- <name> [中文名]`: writes a module's skeleton (docs/modules.md) that compiles
// and whose generated tests pass: the shared contract (a page and one resource), the server
// manifest, table, repository, service, routes, API test and README, the web screen, and one line
// in each module list; then the migration of its table (drizzle-kit). Names: lower-case words
// joined by '-' ('expert-library'); the Chinese name defaults to the module name.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [name, title = name] = process.argv.slice(2);
if (!name || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) {
  console.error('usage: npm run new:module -- <name> [中文名]   (name: lower-case words joined by -)');
  process.exit(2);
}
const camel = name.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
const pascal = camel[0].toUpperCase() + camel.slice(1);
const upper = name.replace(/-/g, '_').toUpperCase();
const table = `${name.replace(/-/g, '_')}_items`;
const pagePath = `/${camel}`;

const dirs = {
  shared: path.join(root, 'packages/shared/src', name),
  server: path.join(root, 'packages/server/src/modules', name),
  web: path.join(root, 'packages/web/src/modules', name),
};
for (const dir of Object.values(dirs)) {
  if (fs.existsSync(dir)) {
    console.error(`${path.relative(root, dir)} exists already`);
    process.exit(1);
  }
}

/** The next free menu version: one above every version the catalogue and the modules claim. */
function nextMenuVersion() {
  const files = [
    path.join(root, 'packages/server/src/platform/rbac/default-menu.ts'),
    ...fs
      .readdirSync(path.join(root, 'packages/server/src/modules'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => path.join(root, 'packages/server/src/modules', d.name, 'module.ts'))
      .filter((f) => fs.existsSync(f)),
  ];
  let max = 0;
  for (const f of files)
    for (const m of fs.readFileSync(f, 'utf8').matchAll(/version: (\d+)/g)) max = Math.max(max, Number(m[1]));
  return max + 1;
}

const files = {
  // The page in a zod-free file: the web route table (in every page's first download) imports it
  // from there (docs/performance.md, page weight).
  [path.join(dirs.shared, 'pages.ts')]: `import { definePage } from '../platform/pages';

/** ${title}: its page and function points. */
export const ${upper}_PAGES = {
  main: definePage('${pagePath}', '${title}'),
} as const;
`,
  [path.join(dirs.shared, 'index.ts')]: `import { z } from 'zod';
import { ZPageQuery } from '../platform/list';
import { defineResource } from '../platform/resource';
import { ${upper}_PAGES } from './pages';

export * from './pages';

const STATUS_OPTIONS = [
  { value: 1, label: '启用' },
  { value: 0, label: '停用' },
] as const;

export const Z${pascal}Item = z.object({
  id: z.number().int(),
  name: z.string(),
  remark: z.string(),
  status: z.number().int(),
  updatedAt: z.string(),
});
export type T${pascal}Item = z.infer<typeof Z${pascal}Item>;

export const Z${pascal}ItemCreate = z.object({
  name: z.string({ error: '请输入名称' }).trim().min(1, '请输入名称').max(50, '名称最多50个字'),
  remark: z.string().trim().max(200, '备注最多200个字').default(''),
  status: z.coerce
    .number({ error: '状态不正确' })
    .int()
    .refine((v) => v === 0 || v === 1, '状态不正确')
    .default(1),
});
export type T${pascal}ItemCreate = z.infer<typeof Z${pascal}ItemCreate>;
export const Z${pascal}ItemUpdate = Z${pascal}ItemCreate;

export const Z${pascal}ItemQuery = ZPageQuery.extend({
  status: z.coerce
    .number({ error: '状态不正确' })
    .int()
    .refine((v) => v === 0 || v === 1, '状态不正确')
    .optional(),
});
export type T${pascal}ItemQuery = z.infer<typeof Z${pascal}ItemQuery>;

export const ${upper}_ITEMS = defineResource({
  name: '${name}-items',
  title: '${title}',
  api: '/${name}/items',
  page: ${upper}_PAGES.main,
  entity: Z${pascal}Item,
  create: Z${pascal}ItemCreate,
  update: Z${pascal}ItemUpdate,
  filters: Z${pascal}ItemQuery,
  importable: true,
  fields: [
    { key: 'name', title: '名称', width: 200 },
    { key: 'remark', title: '备注', kind: 'textarea', width: 260 },
    { key: 'status', title: '状态', kind: 'enum', options: STATUS_OPTIONS, filter: true, width: 90 },
    { key: 'updatedAt', title: '更新时间', kind: 'datetime', width: 170 },
  ],
});
`,
  [path.join(dirs.server, 'tables.ts')]:
    `import { index, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn, timestamps } from '../../platform/db/columns';

/** Tenant-owned: the records of ${title}. */
export const ${camel}Items = pgTable(
  '${table}',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    remark: text('remark').notNull().default(''),
    /** 1 enabled, 0 disabled. */
    status: smallint('status').notNull().default(1),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('${table}_list').on(t.tenantId, t.id)],
);
`,
  [path.join(dirs.server, 'repository.ts')]: `import { likePattern, type TPage } from '@shetuan/shared';
import type { T${pascal}Item, T${pascal}ItemCreate, T${pascal}ItemQuery } from '@shetuan/shared/${name}';
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { ${camel}Items } from './tables';

type Row = typeof ${camel}Items.$inferSelect;
const toItem = (r: Row): T${pascal}Item => ({
  id: r.id,
  name: r.name,
  remark: r.remark,
  status: r.status,
  updatedAt: r.updatedAt.toISOString(),
});

/** Every query names the tenant (row-level security stays the safety net; docs/scale-out.md). */
export async function list${pascal}Items(tx: Tx, tenantId: number, query: T${pascal}ItemQuery): Promise<TPage<T${pascal}Item>> {
  const conditions: (SQL | undefined)[] = [eq(${camel}Items.tenantId, tenantId)];
  if (query.status !== undefined) conditions.push(eq(${camel}Items.status, query.status));
  if (query.keyword) conditions.push(ilike(${camel}Items.name, likePattern(query.keyword)));
  const where = and(...conditions);
  const [total] = await tx.select({ n: count() }).from(${camel}Items).where(where);
  const rows = await tx
    .select()
    .from(${camel}Items)
    .where(where)
    .orderBy(desc(${camel}Items.id))
    .limit(query.pageSize)
    .offset((query.current - 1) * query.pageSize);
  return { records: rows.map(toItem), total: total?.n ?? 0, current: query.current, pageSize: query.pageSize };
}

export async function find${pascal}Item(tx: Tx, tenantId: number, id: number): Promise<T${pascal}Item | null> {
  const [row] = await tx
    .select()
    .from(${camel}Items)
    .where(and(eq(${camel}Items.tenantId, tenantId), eq(${camel}Items.id, id)))
    .limit(1);
  return row ? toItem(row) : null;
}

export async function insert${pascal}Item(tx: Tx, tenantId: number, input: T${pascal}ItemCreate): Promise<number> {
  const [row] = await tx
    .insert(${camel}Items)
    .values({ ...input, tenantId })
    .returning({ id: ${camel}Items.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function update${pascal}Item(tx: Tx, tenantId: number, id: number, input: T${pascal}ItemCreate): Promise<boolean> {
  const rows = await tx
    .update(${camel}Items)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(${camel}Items.tenantId, tenantId), eq(${camel}Items.id, id)))
    .returning({ id: ${camel}Items.id });
  return rows.length > 0;
}

export async function delete${pascal}Item(tx: Tx, tenantId: number, id: number): Promise<boolean> {
  const rows = await tx
    .delete(${camel}Items)
    .where(and(eq(${camel}Items.tenantId, tenantId), eq(${camel}Items.id, id)))
    .returning({ id: ${camel}Items.id });
  return rows.length > 0;
}
`,
  [path.join(dirs.server, 'service.ts')]: `import { ResultCode } from '@shetuan/shared';
import { ${upper}_ITEMS } from '@shetuan/shared/${name}';
import { AppError } from '../../platform/http/errors';
import type { ResourceService } from '../../platform/resource';
import * as repo from './repository';

const missing = () => new AppError(ResultCode.FAILED, \`\${${upper}_ITEMS.title}不存在或已删除\`);

/** The rules of ${title} over its repository. */
export const ${camel}ItemService: ResourceService<typeof ${upper}_ITEMS> = {
  list: (tx, tenantId, query) => repo.list${pascal}Items(tx, tenantId, query),
  get: (tx, tenantId, id) => repo.find${pascal}Item(tx, tenantId, id),
  create: (tx, tenantId, input) => repo.insert${pascal}Item(tx, tenantId, input),
  async update(tx, tenantId, id, input) {
    if (!(await repo.update${pascal}Item(tx, tenantId, id, input))) throw missing();
  },
  async remove(tx, tenantId, id) {
    if (!(await repo.delete${pascal}Item(tx, tenantId, id))) throw missing();
  },
};
`,
  [path.join(dirs.server, 'routes.ts')]: `import { ${upper}_ITEMS } from '@shetuan/shared/${name}';
import type { AppInstance } from '../../platform/http/app-types';
import { resourceRoutes } from '../../platform/resource';
import { ${camel}ItemService } from './service';

/** ${title}: the resource kit's routes (list, detail, create, update, delete, export, import). */
export async function ${camel}Routes(app: AppInstance): Promise<void> {
  await resourceRoutes(app, ${upper}_ITEMS, ${camel}ItemService);
}
`,
  [path.join(dirs.server, 'module.ts')]: `import { ${upper}_ITEMS, ${upper}_PAGES } from '@shetuan/shared/${name}';
import { defineModule } from '../../platform/modules';
import { resourceExportJob } from '../../platform/resource';
import { ${camel}Routes } from './routes';
import { ${camel}ItemService } from './service';

/** ${title}. */
export const ${camel}Module = defineModule({
  name: '${name}',
  routes: ${camel}Routes,
  pages: Object.values(${upper}_PAGES),
  menu: [{ group: { key: '${name}', name: '${title}', roles: ['管理员'] }, entries: [{ path: ${upper}_PAGES.main.path, name: '${title}' }] }],
  menuAdditions: [{ version: ${nextMenuVersion()}, keys: ['${name}', ${upper}_PAGES.main.path] }],
  jobs: resourceExportJob(${upper}_ITEMS, ${camel}ItemService),
});
`,
  [path.join(dirs.server, 'index.ts')]: `export { ${camel}Module } from './module';
`,
  [path.join(dirs.server, `${name}.test.ts`)]: `import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminsOfTwoTenants, createTestApp, type TestClient, type TestContext } from '../../testing';

const API = '/st365/${name}/items';

describe('${title}', () => {
  let t: TestContext;
  let a: TestClient;
  let b: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, b } = await adminsOfTwoTenants(t));
  });
  afterAll(() => t.close());

  it('adds, lists, edits and deletes', async () => {
    const added = await a.post(API, { name: '第一条', remark: '备注' });
    expect(added.body.msg).toBe('新增成功');
    const id = added.body.data.id as number;
    expect((await a.get(\`\${API}?keyword=\${encodeURIComponent('第一')}\`)).body.data.total).toBe(1);
    expect((await a.call('PUT', \`\${API}/\${id}\`, { name: '改名', status: 0 })).body.msg).toBe('保存成功');
    expect((await a.get(\`\${API}/\${id}\`)).body.data).toMatchObject({ name: '改名', status: 0 });
    expect((await a.call('DELETE', \`\${API}/\${id}\`)).body.msg).toBe('删除成功');
    expect((await a.get(\`\${API}/\${id}\`)).body.msg).toBe('${title}不存在或已删除');
  });

  it('refuses bad input in Chinese and writes nothing', async () => {
    const res = await a.post(API, { name: '' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('请输入名称');
    expect((await a.get(API)).body.data.total).toBe(0);
  });

  it('another tenant can neither read nor change the records', async () => {
    const id = (await a.post(API, { name: '本租户的' })).body.data.id as number;
    expect((await b.get(API)).body.data.total).toBe(0);
    expect((await b.get(\`\${API}/\${id}\`)).body.msg).toBe('${title}不存在或已删除');
    expect((await b.call('PUT', \`\${API}/\${id}\`, { name: '改' })).body.msg).toBe('${title}不存在或已删除');
    expect((await b.call('DELETE', \`\${API}/\${id}\`)).body.msg).toBe('${title}不存在或已删除');
    expect((await a.get(\`\${API}/\${id}\`)).body.data.name).toBe('本租户的');
  });
});
`,
  [path.join(dirs.server, 'README.md')]: `# ${name} (${title})

What the module does, its screens, and the decisions the spec left open (docs/modules.md).
`,
  [path.join(dirs.web, `${pascal}Page.tsx`)]: `import { ${upper}_ITEMS } from '@shetuan/shared/${name}';
import { ResourcePage } from '../../platform/resource';

/** ${title}: the list, search, form, export and import from the resource contract. */
export default function ${pascal}Page() {
  return <ResourcePage contract={${upper}_ITEMS} keywordPlaceholder="名称" />;
}
`,
  [path.join(dirs.web, 'index.ts')]: `import { ${upper}_PAGES } from '@shetuan/shared/${name}/pages';
import { defineWebModule } from '../../app/web-module';

/** ${title}. */
export const ${camel}WebModule = defineWebModule({
  name: '${name}',
  routes: [
    {
      path: ${upper}_PAGES.main.path,
      screen: () => import('./${pascal}Page'),
      meta: { requireLogin: true, keepAlive: true, routerList: [{ name: '${title}' }] },
      layout: 'console',
    },
  ],
});
`,
};

for (const [file, text] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  console.log(`+ ${path.relative(root, file)}`);
}

/** Adds the module to a list: an import line and its name in the array. */
function addToList(file, importLine, entry, arrayPattern) {
  let text = fs.readFileSync(file, 'utf8');
  text = text.replace(/(\nimport [^\n]+\n)(?!import)/, `$1${importLine}\n`);
  text = text.replace(arrayPattern, (_m, head, body, tail) => `${head}${body.replace(/[\s,]*$/, '')}, ${entry}${tail}`);
  fs.writeFileSync(file, text);
  console.log(`~ ${path.relative(root, file)}`);
}
addToList(
  path.join(root, 'packages/server/src/modules/index.ts'),
  `import { ${camel}Module } from './${name}';`,
  `${camel}Module`,
  /(export const MODULES = \[)([^\]]*)(\] as const;)/,
);
addToList(
  path.join(root, 'packages/web/src/modules/index.ts'),
  `import { ${camel}WebModule } from './${name}';`,
  `${camel}WebModule`,
  /(export const WEB_MODULES: readonly WebModule\[\] = \[)([^\]]*)(\];)/,
);

const run = (cmd, args, cwd = root) => execFileSync(cmd, args, { cwd, stdio: 'inherit' });
run('npx', ['drizzle-kit', 'generate', '--name', name.replace(/-/g, '_')], path.join(root, 'packages/server'));
run('npx', [
  'biome',
  'check',
  '--write',
  ...Object.values(dirs),
  'packages/server/src/modules/index.ts',
  'packages/web/src/modules/index.ts',
]);
console.log(`\nNext: npm run typecheck, then cd packages/server && TEST_DB=pglite npx vitest run src/modules/${name}`);
