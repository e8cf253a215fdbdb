// Module boundaries and SQL placement (docs/modules.md). Part of `npm run lint` and `npm test`.
//  - platform code never imports a module (server, web and shared alike); its tests may, through
//    the module's index;
//  - a module imports another module only through its index (modules/<name>, i.e. index.ts);
//  - shared's module folders import each other only through their index;
//  - SQL is built only in repositories: a server file that imports drizzle-orm outside
//    repository.ts, tables.ts and platform/db is listed; files on the baseline (scripts/
//    sql-placement-baseline.json, the ones still to move) are reported, any other fails.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const IMPORT_RE =
  /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every import specifier of a source text. */
export function importsOf(text) {
  const found = [];
  for (const m of text.matchAll(IMPORT_RE)) found.push(m[1] ?? m[2]);
  return found;
}

function walk(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.(ts|tsx|mts|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const isTest = (file) => /\.test\.tsx?$/.test(file);

/** Whether a server file is a place where SQL may not be built (not a repository, table or test). */
function buildsSqlHere(src, file) {
  const rel = path.relative(src, file).split(path.sep).join('/');
  if (isTest(file) || rel.startsWith('testing/') || rel.startsWith('platform/db/')) return false;
  return !/(^|\/)(repository|tables|index)\.ts$/.test(rel) && !rel.includes('/repository/');
}

/**
 * Where a file sits in a package's src: { area: 'platform' | 'modules' | 'app' | 'other', module }.
 * Shared has no platform/modules split: its folders are modules, and platform is shared's core.
 */
function placeOf(src, file, kind) {
  const rel = path.relative(src, file).split(path.sep);
  if (kind === 'shared') {
    if (rel.length === 1) return { area: 'root', module: null };
    return rel[0] === 'platform' ? { area: 'platform', module: null } : { area: 'modules', module: rel[0] };
  }
  if (rel[0] === 'modules')
    return rel.length === 2 ? { area: 'module-list', module: null } : { area: 'modules', module: rel[1] };
  if (rel[0] === 'platform') return { area: 'platform', module: null };
  return { area: rel.length === 1 ? 'root' : rel[0], module: null };
}

/** The folder of the module a resolved path lands in, and whether it is that module's index. */
function targetOf(src, resolved, kind) {
  const rel = path.relative(src, resolved).split(path.sep);
  if (rel[0] === '..') return null;
  if (kind === 'shared') {
    if (rel[0] === 'platform' || rel.length === 1) return null;
    return { module: rel[0], index: rel.length === 1 || (rel.length === 2 && /^index(\.tsx?)?$/.test(rel[1])) };
  }
  if (rel[0] !== 'modules' || rel.length < 2) return null;
  if (rel.length === 2 && /^index(\.tsx?)?$/.test(rel[1])) return null; // the module list
  return { module: rel[1], index: rel.length === 2 || (rel.length === 3 && /^index(\.tsx?)?$/.test(rel[2])) };
}

/**
 * Checks the tree under root (the repository). Returns { violations, sqlOutside }: violations are
 * strings naming the file and the rule; sqlOutside the server files that build SQL outside a
 * repository.
 */
export function checkBoundaries(root) {
  const violations = [];
  const sqlOutside = [];
  const packages = [
    { kind: 'server', src: path.join(root, 'packages/server/src') },
    { kind: 'web', src: path.join(root, 'packages/web/src') },
    { kind: 'shared', src: path.join(root, 'packages/shared/src') },
  ];
  for (const { kind, src } of packages) {
    for (const file of walk(src)) {
      const text = fs.readFileSync(file, 'utf8');
      const from = placeOf(src, file, kind);
      const relFile = path.relative(root, file);
      for (const spec of importsOf(text)) {
        // Building SQL: drizzle-orm's operators, or a table object to query.
        if (kind === 'server' && (spec === 'drizzle-orm' || /(^|\/)tables$/.test(spec)) && buildsSqlHere(src, file))
          sqlOutside.push(relFile);
        if (!spec.startsWith('.')) continue;
        const target = targetOf(src, path.resolve(path.dirname(file), spec), kind);
        if (!target) continue;
        if (from.area === 'platform' && !isTest(file)) {
          violations.push(`${relFile}: platform code imports the module ${target.module} (${spec})`);
        } else if (from.module === target.module) {
          // Within one module: anything goes.
        } else if (!target.index) {
          violations.push(`${relFile}: imports ${spec}; use the module's index (modules/${target.module})`);
        }
      }
    }
  }
  return { violations, sqlOutside: [...new Set(sqlOutside)].sort() };
}

const here = path.dirname(fileURLToPath(import.meta.url));
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(here, '..');
  const { violations, sqlOutside } = checkBoundaries(root);
  const baselineFile = path.join(here, 'sql-placement-baseline.json');
  const baseline = new Set(JSON.parse(fs.readFileSync(baselineFile, 'utf8')));
  const newSql = sqlOutside.filter((f) => !baseline.has(f));
  for (const v of violations) console.error(`✗ boundary: ${v}`);
  for (const f of newSql)
    console.error(`✗ SQL outside a repository: ${f} (move the queries to the module's repository.ts)`);
  const left = sqlOutside.filter((f) => baseline.has(f));
  if (left.length > 0)
    console.log(`› ${left.length} files still build SQL outside a repository (baseline, to move): ${left.join(', ')}`);
  const gone = [...baseline].filter((f) => !sqlOutside.includes(f));
  if (gone.length > 0) console.log(`› no longer outside a repository, drop from the baseline: ${gone.join(', ')}`);
  if (violations.length > 0 || newSql.length > 0) process.exit(1);
  console.log('✓ module boundaries and SQL placement');
}
