import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the CPUs: a single worker on the 2-core CI
    // machine. The API tests mostly wait (PostgreSQL, bcrypt's thread pool, timers), so two workers
    // keep both cores busy.
    maxWorkers: 2,
    projects: ['packages/contract', 'packages/server', 'packages/web'],
  },
});
