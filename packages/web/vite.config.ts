/// <reference types="vitest/config" />
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, loadEnv } from 'vite';
import type { Plugin } from 'vite';

/** The server that speaks the admin API; the dev and preview servers proxy `/admin-api` to it. */
const DEFAULT_API_TARGET = 'http://127.0.0.1:48080';

/** `BASE_PATH` (default `/`) always starts and ends with a slash, as `import.meta.env.BASE_URL` needs. */
const normalizeBase = (value: string | undefined): string => {
  const trimmed = (value ?? '').trim().replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
};

/**
 * The contract's modules only declare constants, schemas and endpoints. Marking them free of side
 * effects lets the bundler drop the endpoint modules (and zod with them) from chunks that only use
 * its constants.
 */
const contractWithoutSideEffects = (): Plugin => ({
  name: 'contract-without-side-effects',
  transform: {
    filter: { id: /[\\/]packages[\\/]contract[\\/]src[\\/]/ },
    handler: (code) => ({ code, map: null, moduleSideEffects: false }),
  },
});

/**
 * The web never runs the contract's zod schemas: it uses an endpoint's method and path, and the
 * types. In the browser bundle the contract's `zod` import resolves to an inert stand-in, so an
 * endpoint definition costs a few hundred bytes instead of pulling in zod (~30 KB gzip).
 */
const contractWithoutZod = (): Plugin => ({
  name: 'contract-without-zod',
  enforce: 'pre',
  resolveId: {
    filter: { id: /^zod(\/|$)/ },
    handler: (source, importer) =>
      importer && /[\\/]packages[\\/]contract[\\/]src[\\/]/.test(importer)
        ? fileURLToPath(new URL('./src/shared/request/inert-zod.ts', import.meta.url))
        : null,
  },
});

/**
 * antd's own modules are marked free of side effects, the `@rc-component/*` packages it builds on
 * are not. Without the mark, a module the shell needs links the whole package through its index
 * (antd's form context → `@rc-component/form` → Form, Field, async-validator…), and the bundler
 * puts everything the pages use from it into the chunks the shell loads.
 */
const uiLibrariesWithoutSideEffects = (): Plugin => ({
  name: 'ui-libraries-without-side-effects',
  transform: {
    filter: { id: /[\\/]node_modules[\\/](@rc-component|@ant-design)[\\/]/ },
    handler: (code) => ({ code, map: null, moduleSideEffects: false }),
  },
});

/**
 * antd's Button and Tag styles import `isBright` from the colour picker's presets panel, which
 * imports Collapse and the colour picker: every screen with a button would download them. For
 * those two importers the panel resolves to the same function on its own (src/shared/ui/antd-is-bright.ts).
 */
const antdIsBrightOnItsOwn = (): Plugin => ({
  name: 'antd-is-bright-on-its-own',
  enforce: 'pre',
  resolveId: {
    filter: { id: /[\\/]color-picker[\\/]components[\\/]ColorPresets$/ },
    handler: (_source, importer) =>
      importer &&
      /[\\/]antd[\\/]es[\\/](button[\\/]style[\\/]token|tag[\\/]style[\\/]index)\.js$/.test(importer)
        ? fileURLToPath(new URL('./src/shared/ui/antd-is-bright.ts', import.meta.url))
        : null,
  },
});

/** Axios' fetch adapter resolves to src/shared/request/axios-without-fetch.ts (XHR serves every call). */
const axiosWithoutFetch = (): Plugin => ({
  name: 'axios-without-fetch',
  enforce: 'pre',
  resolveId: {
    filter: { id: /^\.\/fetch\.js$/ },
    handler: (_source, importer) =>
      importer && /[\\/]axios[\\/]lib[\\/]adapters[\\/]adapters\.js$/.test(importer)
        ? fileURLToPath(new URL('./src/shared/request/axios-without-fetch.ts', import.meta.url))
        : null,
  },
});

/**
 * The form-js editor needs preact <= 10.15.1 (newer versions break its drag and drop) and renders the
 * form-js viewer's components, which would otherwise take the newer hoisted preact of diagram-js: two
 * preact copies in one tree break hooks. The viewer and our own form-js components
 * (src/features/bpm/form) use the editor's copy, in the build and in the dev server's pre-bundling.
 */
const formJsPreact = {
  name: 'form-js-on-one-preact',
  resolveId: {
    filter: { id: /^preact(\/|$)/ },
    handler(
      this: { resolve: (source: string, importer: string, options: { skipSelf: boolean }) => unknown },
      source: string,
      importer: string | undefined,
    ) {
      return importer &&
        /[\\/](@bpmn-io[\\/]form-js-viewer|src[\\/]features[\\/]bpm[\\/]form)[\\/]/.test(importer)
        ? this.resolve(source, createRequire(import.meta.url).resolve('@bpmn-io/form-js-editor'), {
            skipSelf: true,
          })
        : null;
    },
  },
};

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, import.meta.dirname, '');
  const base = normalizeBase(process.env.BASE_PATH ?? env.BASE_PATH);
  const apiPrefix = `${base}admin-api`;
  const target = process.env.API_TARGET ?? env.API_TARGET ?? DEFAULT_API_TARGET;
  const proxy = {
    [apiPrefix]: {
      target,
      changeOrigin: true,
      rewrite: (path: string) => path.replace(apiPrefix, '/admin-api'),
    },
    // The WebSocket channel (bell count, WebSocket 测试) lives beside the API, as the reference's.
    [`${base}infra/ws`]: {
      target,
      changeOrigin: true,
      ws: true,
      rewrite: (path: string) => path.replace(base, '/'),
    },
  };

  return {
    base,
    plugins: [
      react(),
      contractWithoutZod(),
      contractWithoutSideEffects(),
      uiLibrariesWithoutSideEffects(),
      antdIsBrightOnItsOwn(),
      axiosWithoutFetch(),
      { ...formJsPreact, enforce: 'pre' } as Plugin,
    ],
    optimizeDeps: { rolldownOptions: { plugins: [formJsPreact] } },
    resolve: {
      // '@app/contract' resolves to its TypeScript source through the '@app/source' export condition (a name of our own: packages such as ylru publish a 'source' condition pointing at .ts files).
      conditions: ['@app/source', ...defaultClientConditions],
    },
    server: { host: '127.0.0.1', port: 5173, proxy },
    preview: { host: '127.0.0.1', port: 4173, proxy },
    build: {
      outDir: 'dist',
      assetsDir: 'assets',
      emptyOutDir: true,
      chunkSizeWarningLimit: 1024,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // React, ReactDOM and the router change rarely: one long-cached vendor chunk.
              {
                name: 'vendor-react',
                test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
                priority: 3,
              },
              // Contract constants (error texts, permission and dictionary codes) used on every screen.
              {
                name: 'contract',
                test: /[\\/]packages[\\/]contract[\\/]src[\\/](errors|permissions|dict-types)\.ts$/,
                priority: 2,
              },
            ],
          },
        },
      },
    },
    test: {
      name: 'web',
      environment: 'jsdom',
      // Files share a worker, its jsdom and its loaded packages (antd, React…): each file starts with
      // the app's own modules anew (src/test/setup.ts), not with a new window and a cold import.
      isolate: false,
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      css: false,
      restoreMocks: true,
      unstubEnvs: true,
      // The first test to render the signed-in layout compiles antd and the shell on the fly; on a
      // busy machine that alone can pass vitest's default 5 s.
      testTimeout: 15_000,
      // Under CI the suites share two cores with the servers; a test that depends on timing (a
      // transient message) gets one more try there. A test that fails twice still fails.
      retry: process.env.CI ? 1 : 0,
    },
  };
});
