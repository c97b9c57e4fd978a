import { test as base } from '@playwright/test';
import { serverUrl } from '../servers';

export * from '@playwright/test';

/**
 * Every worker talks to a server of its own (its own SQLite file), so specs running side by side
 * never see each other's data; within a worker, specs run one after another as before.
 */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use, testInfo) => use(serverUrl(testInfo.parallelIndex)),
});
