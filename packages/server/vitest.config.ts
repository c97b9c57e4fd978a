import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@app/source'] },
  ssr: { resolve: { conditions: ['@app/source'] } },
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Migrates and seeds one template database per dialect for the whole run (see helper.ts).
    globalSetup: ['test/global-setup.ts'],
    // Files share a worker and its loaded packages; each starts with its own modules (setup-file.ts).
    isolate: false,
    setupFiles: ['test/setup-file.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
