import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBoundaries, importsOf } from '../../../../../scripts/check-boundaries.mjs';

const repo = path.resolve(import.meta.dirname, '../../../../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shetuan-boundaries-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(tmp, 'repo-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

// The check `npm run lint` runs (scripts/check-boundaries.mjs), shown failing on deliberate violations.
describe('module boundaries and SQL placement', () => {
  it('the repository itself has no violation', () => {
    expect(checkBoundaries(repo).violations).toEqual([]);
  });

  it('finds every kind of import', () => {
    expect(
      importsOf(
        "import a from './a';\nimport type { B } from \"../b\";\nexport * from './c';\nconst d = import('./d');",
      ),
    ).toEqual(['./a', '../b', './c', './d']);
  });

  it('refuses platform code that imports a module, and a module that skips another module’s index', () => {
    const root = tree({
      'packages/server/src/platform/auth/hook.ts': "import { users } from '../../modules/identity/tables';\n",
      'packages/server/src/platform/auth/hook.test.ts': "import { identityModule } from '../../modules/identity';\n",
      'packages/server/src/modules/org/service.ts':
        "import { x } from '../identity/service';\nimport { y } from '../identity';\n",
      'packages/web/src/platform/layout/Menu.tsx': "import { FormsPage } from '../../modules/forms/FormsPage';\n",
      'packages/web/src/modules/index.ts': "import { formsWebModule } from './forms';\n",
      'packages/shared/src/org/index.ts':
        "import { Z } from '../identity/users';\nimport { ok } from '../platform/envelope';\n",
    });
    expect(checkBoundaries(root).violations.sort()).toEqual([
      "packages/server/src/modules/org/service.ts: imports ../identity/service; use the module's index (modules/identity)",
      'packages/server/src/platform/auth/hook.ts: platform code imports the module identity (../../modules/identity/tables)',
      "packages/shared/src/org/index.ts: imports ../identity/users; use the module's index (modules/identity)",
      'packages/web/src/platform/layout/Menu.tsx: platform code imports the module forms (../../modules/forms/FormsPage)',
    ]);
  });

  it('lists server files that build SQL outside a repository', () => {
    const root = tree({
      'packages/server/src/modules/dict/service.ts': "import { eq } from 'drizzle-orm';\n",
      'packages/server/src/modules/dict/routes.ts': "import { dictItems } from './tables';\n",
      'packages/server/src/modules/dict/repository.ts':
        "import { eq } from 'drizzle-orm';\nimport { dictItems } from './tables';\n",
      'packages/server/src/modules/dict/index.ts': "export { dictItems } from './tables';\n",
      'packages/server/src/modules/dict/dict.test.ts': "import { sql } from 'drizzle-orm';\n",
    });
    expect(checkBoundaries(root).sqlOutside).toEqual([
      'packages/server/src/modules/dict/routes.ts',
      'packages/server/src/modules/dict/service.ts',
    ]);
  });
});
