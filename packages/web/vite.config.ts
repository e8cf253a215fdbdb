import fs from 'node:fs';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Our own code (web and shared) declared free of side effects, as antd and pro-components declare
 * theirs: a module imported only for what an index re-exports beside it (modules/forms/index.ts
 * exports the FormRenderer next to the routes) is then no dependency of the importer, so the route
 * table does not pull every screen's components into the entry chunk. Kept: stylesheets and
 * zod's Chinese messages (shared/platform/zod-locale.ts), the only imports made for their effect.
 */
const APP_CODE = /\/packages\/(web|shared)\/src\//;
const HAS_EFFECTS = /(\.css$|\/zod-locale\.ts$|\/src\/main\.tsx$)/;
function appCodeWithoutSideEffects(): Plugin {
  return {
    name: 'shetuan:app-code-without-side-effects',
    apply: 'build',
    transform(_code, id) {
      if (APP_CODE.test(id) && !HAS_EFFECTS.test(id)) return { moduleSideEffects: false };
      return null;
    },
  };
}

/**
 * Fails the build when chunks import each other in a cycle: a cycle would run a chunk before one it
 * needs. Rollup warns that pro-form's layouts/index.js re-exports ProForm across chunks
 * (CYCLIC_CROSS_CHUNK_REEXPORT); that is harmless while the chunk graph has no cycle, which this
 * checks on every build.
 */
function noChunkCycles(): Plugin {
  return {
    name: 'shetuan:no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, string[]>();
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk') imports.set(chunk.fileName, chunk.imports);
      const done = new Set<string>();
      const visit = (file: string, path: string[]): void => {
        if (path.includes(file)) this.error(`chunks import each other in a cycle: ${[...path, file].join(' → ')}`);
        if (done.has(file)) return;
        for (const next of imports.get(file) ?? []) visit(next, [...path, file]);
        done.add(file);
      };
      for (const file of imports.keys()) visit(file, []);
    },
  };
}

/**
 * Warns when the entry chunk, which every page downloads, holds pro-components: a route table or
 * something it imports statically has reached a screen's components (a route file importing a path
 * constant from a .tsx beside a screen was the way it happened). bench/page-weight.ts measures the
 * cost; the warning names the packages.
 */
function leanEntry(): Plugin {
  return {
    name: 'shetuan:lean-entry',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        const pro = new Set(
          Object.keys(chunk.modules).flatMap((id) => /node_modules\/(@ant-design\/pro-[^/]+)\//.exec(id)?.[1] ?? []),
        );
        if (pro.size > 0)
          this.warn(
            `the entry chunk ${chunk.fileName} holds ${[...pro].join(', ')}: every page downloads it (a route file imports screen code)`,
          );
      }
    },
  };
}

/**
 * resize-observer-polyfill (rc-resize-observer's, under every form, tooltip and select) replaced by
 * the browser's own ResizeObserver, which every browser the build targets has: about 4 KB less on
 * each page with a form (docs/performance.md, page weight). Build only: jsdom, under the unit
 * tests, has no ResizeObserver.
 */
function nativeResizeObserver(): Plugin {
  const virtual = '\0shetuan:native-resize-observer';
  return {
    name: 'shetuan:native-resize-observer',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source === 'resize-observer-polyfill' ? virtual : null),
    load: (id) => (id === virtual ? 'export default globalThis.ResizeObserver;' : null),
  };
}

/**
 * A build transform that rewrites exact source text of one dependency file, and fails the build
 * when that text is no longer there (the dependency changed it), so a rewrite cannot go stale.
 * `requires` names further text the rewrite relies on (React imported as `React`, say).
 */
function sourceSwap(name: string, file: string, swaps: [from: string, to: string][], requires: string[] = []): Plugin {
  return {
    name: `shetuan:${name}`,
    apply: 'build',
    transform(code, id) {
      if (!id.endsWith(file)) return null;
      const missing = [...swaps.map(([from]) => from), ...requires].find((text) => !code.includes(text));
      if (missing !== undefined) this.error(`${id} no longer holds what ${name} rewrites: ${missing}`);
      return { code: swaps.reduce((c, [from, to]) => c.replace(from, to), code), map: null };
    },
  };
}

const REACT_IMPORT = "import * as React from 'react';";

/**
 * antd's Button style takes `isBright` from the colour picker's presets module, and Rollup keeps a
 * module whole: that module's presets panel and the Collapse it uses came into the entry chunk with
 * every Button (about 4 KB on every page). The same function, defined where the Button style uses
 * it. The build fails if antd changes that import, so the copy cannot drift silently.
 */
function buttonWithoutColorPresets(): Plugin {
  const from = "import { isBright } from '../../color-picker/components/ColorPresets';";
  const copy = `import { Color as RcColor } from '@rc-component/color-picker';
const isBright = (value, bgColorToken) => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) return hsv.v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};`;
  return sourceSwap('button-without-color-presets', '/antd/es/button/style/token.js', [[from, copy]]);
}

/**
 * Unit test files that replace a module with vi.mock: each needs a module graph of its own, so they
 * run isolated (found by their text, so a new one needs no list).
 */
function mockingTests(dir = 'src', found: string[] = []): string[] {
  for (const entry of fs.readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) mockingTests(rel, found);
    else if (
      /\.test\.tsx?$/.test(entry.name) &&
      fs.readFileSync(new URL(rel, import.meta.url), 'utf8').includes('vi.mock(')
    )
      found.push(rel);
  }
  return found;
}
const MOCKING_TESTS = mockingTests();

/**
 * antd's form label imports Tooltip (with @rc-component/trigger, rc-tooltip and the zoom motion)
 * for the `tooltip` prop, which the login page and most forms do not use: about 9 KB on every page
 * with a form. The label now loads Tooltip the first time a label has one, showing the icon alone
 * until it has come (React 19 passes `ref` as a prop, so the wrapper hands it on). The build fails
 * if antd changes that import, so the swap cannot go stale.
 */
function formLabelTooltipOnUse(): Plugin {
  const from = "import Tooltip from '../tooltip';";
  const lazy = `const LazyTooltip = React.lazy(() => import('../tooltip'));
const Tooltip = (props) =>
  React.createElement(React.Suspense, { fallback: props.children }, React.createElement(LazyTooltip, props));`;
  return sourceSwap('form-label-tooltip-on-use', '/antd/es/form/FormItemLabel.js', [[from, lazy]], [REACT_IMPORT]);
}

/**
 * antd's upload list item imports Progress (the bar while a file goes up) and Tooltip (the message
 * of a file that failed): about 13 KB and four requests on every page with an upload, the public
 * fill page among them, before anyone picks a file. The item now loads Progress when it first
 * mounts (the bar shows 300 ms later, as before) and Tooltip when an item first fails (our
 * FileUpload removes failed items, so it hardly ever comes), showing the item alone until it has
 * come. The build fails if antd changes those imports, so the swap cannot go stale.
 */
function uploadListOnUse(): Plugin {
  const from = "import Progress from '../../progress';\nimport Tooltip from '../../tooltip';";
  const lazy = `const loadProgress = () => import('../../progress');
const LazyProgress = React.lazy(loadProgress);
const Progress = (props) =>
  React.createElement(React.Suspense, { fallback: null }, React.createElement(LazyProgress, props));
const LazyTooltip = React.lazy(() => import('../../tooltip'));
const Tooltip = (props) =>
  React.createElement(React.Suspense, { fallback: props.children }, React.createElement(LazyTooltip, props));`;
  const delay = `  React.useEffect(() => {
    const timer = setTimeout(() => {
      setShowProgress(true);
    }, 300);`;
  const loadAtMount = `  React.useEffect(() => {\n    loadProgress().catch(() => undefined);\n${delay.slice(delay.indexOf('\n') + 1)}`;
  return sourceSwap(
    'upload-list-on-use',
    '/antd/es/upload/UploadList/ListItem.js',
    [
      [from, lazy],
      [delay, loadAtMount],
    ],
    [REACT_IMPORT],
  );
}

/**
 * Two antd modules tie all of rc-field-form (Field, List, useForm, useWatch and with them
 * async-validator: about 16 KB with brotli) to pages that have no form store, such as the public
 * fill page, whose renderer lays out with antd's form parts alone (renderer/FormLayout.tsx):
 * - the form context module, which Input, Checkbox, Radio and every control reading the form
 *   item's status import, takes rc-field-form's FormProvider from the package's index, whose
 *   statements hold every part together: now from rc-field-form's own context module (the same
 *   FormProvider);
 * - Radio.Group takes `toNamePathStr` (a name path joined with `_`, for its default name) from
 *   antd's useForm hook, which imports rc-field-form's useForm: now a copy beside it, from the
 *   same `toArray`.
 * The build fails if antd changes either import, so the swaps cannot go stale.
 */
function formStoreOnUse(): Plugin[] {
  return [
    sourceSwap('form-store-on-use', '/antd/es/form/context.js', [
      [
        "import { FormProvider as RcFormProvider } from 'rc-field-form';",
        "import { FormProvider as RcFormProvider } from 'rc-field-form/es/FormContext';",
      ],
    ]),
    sourceSwap('radio-name-without-form-store', '/antd/es/radio/group.js', [
      [
        "import { toNamePathStr } from '../form/hooks/useForm';",
        "import { toArray as toNamePath } from '../form/util';\nconst toNamePathStr = (name) => toNamePath(name).join('_');",
      ],
    ]),
  ];
}

// Served by the Node server under /new/; `npm run dev -w @shetuan/web` proxies the API to it.
export default defineConfig({
  base: '/new/',
  plugins: [
    react(),
    appCodeWithoutSideEffects(),
    nativeResizeObserver(),
    buttonWithoutColorPresets(),
    formLabelTooltipOnUse(),
    uploadListOnUse(),
    formStoreOnUse(),
    noChunkCycles(),
    leanEntry(),
  ],
  build: {
    outDir: 'dist',
    // No manual vendor chunks: Rollup splits antd, pro-components and the rest by use, so each
    // page loads the parts it imports (bench/page-weight.ts measures it, docs/performance.md).
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // Chunks under 2 kB (icons, small helpers) merge into a chunk loaded with them wherever that
      // changes nothing that runs: each response carries about 400 bytes of headers, and a small
      // chunk compresses worse. 7 KB off the public fill page, 6 off the login page, 23 off
      // /user-management (docs/performance.md, page weight).
      output: { experimentalMinChunkSize: 2000 },
      onwarn(warning, warn) {
        if (warning.code !== 'CYCLIC_CROSS_CHUNK_REEXPORT') warn(warning);
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/st365': 'http://localhost:3000' },
  },
  // Test files run one after another in a worker's one jsdom and module graph (isolate: false):
  // importing antd and setting up jsdom again for each file was half of the stage. The files that
  // replace a module with vi.mock need a fresh graph, so they run isolated.
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test-setup.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: MOCKING_TESTS, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: MOCKING_TESTS, isolate: true } },
    ],
  },
});
