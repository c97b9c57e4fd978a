import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@app/source'] },
  test: { name: 'contract', include: ['src/**/*.test.ts'] },
});
