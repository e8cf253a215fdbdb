import { registerJobKind, registerStartTask } from '../jobs/registry';
import type { ServerModule } from './manifest';

let installed: readonly ServerModule[] = [];

/**
 * Makes the product's modules known to the platform (menus, pages, jobs, demo data). Called by the
 * composition root (app.ts) with the platform's parts and the module list; a second call with the
 * same list changes nothing. Fails at start on a module declared twice, a job kind or a page
 * declared by two modules, a form kind declared twice, two modules claiming one menu
 * version, or a home to-do, figure or series key given twice.
 */
export function installModules(modules: readonly ServerModule[]): void {
  if (installed.length === modules.length && installed.every((m, i) => m === modules[i])) return;
  const names = new Set<string>();
  const pages = new Map<string, string>();
  const versions = new Map<number, string>();
  const kinds = new Map<string, string>();
  const homeKeys = new Map<string, string>();
  for (const m of modules) {
    if (names.has(m.name)) throw new Error(`module ${m.name} listed twice`);
    names.add(m.name);
    for (const page of m.pages ?? []) {
      const other = pages.get(page.path);
      if (other) throw new Error(`page ${page.path} declared by ${other} and ${m.name}`);
      pages.set(page.path, m.name);
    }
    for (const { key } of m.formKinds ?? []) {
      const other = kinds.get(key);
      if (other) throw new Error(`form kind ${key} declared by ${other} and ${m.name}`);
      kinds.set(key, m.name);
    }
    const home = m.home ?? {};
    for (const { key } of [...(home.todos ?? []), ...(home.figures ?? []), ...(home.series ?? [])]) {
      const other = homeKeys.get(key);
      if (other) throw new Error(`home key ${key} declared by ${other} and ${m.name}`);
      homeKeys.set(key, m.name);
    }
    for (const { version } of m.menuAdditions ?? []) {
      const other = versions.get(version);
      if (other) throw new Error(`menu version ${version} claimed by ${other} and ${m.name}`);
      versions.set(version, m.name);
    }
  }
  for (const m of modules) {
    for (const [kind, handler] of Object.entries(m.jobs ?? {})) registerJobKind(kind, handler);
    if (m.onWorkerStart) registerStartTask(m.name, m.onWorkerStart);
  }
  installed = modules;
}

export function installedModules(): readonly ServerModule[] {
  return installed;
}
