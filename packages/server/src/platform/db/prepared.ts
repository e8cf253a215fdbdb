/**
 * Caches a Drizzle prepared query per database handle. Building SQL is the largest per-request
 * cost of a hot read (see docs/performance.md); a prepared query is built once and, on
 * PostgreSQL, also parsed and planned once per connection (a named statement).
 */
const cache = new WeakMap<object, Map<string, unknown>>();

export function prepareOnce<T>(handle: object, name: string, build: () => T): T {
  let byName = cache.get(handle);
  if (!byName) {
    byName = new Map();
    cache.set(handle, byName);
  }
  let prepared = byName.get(name) as T | undefined;
  if (!prepared) {
    prepared = build();
    byName.set(name, prepared);
  }
  return prepared;
}
