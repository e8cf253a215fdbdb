import type { RouteOptions } from 'fastify';
import { API_ROOT } from './constants';

/** Routes under the API root that serve the API's own documentation need no declaration. */
const UNDECLARED_PREFIXES = [`${API_ROOT}/docs`];

/**
 * Every API route declares the permission it needs (config.permission); a route without one
 * stops the server at start-up. The permission is also written into the OpenAPI description.
 */
export function requirePermissionDeclaration(route: RouteOptions): void {
  const url = route.url;
  if (!url.startsWith(API_ROOT) || UNDECLARED_PREFIXES.some((p) => url.startsWith(p))) return;
  const permission = route.config?.permission;
  if (!permission) {
    throw new Error(`Route ${String(route.method)} ${url} declares no permission (config.permission)`);
  }
  const schema = route.schema as ({ description?: string } & Record<string, unknown>) | undefined;
  // A GET route's automatic HEAD twin shares its schema object: say it once.
  const note = `Permission: \`${permission}\``;
  if (schema && !schema.hide && !schema.description?.endsWith(note)) {
    schema.description = `${schema.description ? `${schema.description}\n\n` : ''}${note}`;
  }
}
