import { test as base, expect } from '@playwright/test';
import { serverUrl } from '../servers';

export * from '@playwright/test';

/**
 * Every worker talks to a server of its own (its own SQLite file), so specs running side by side
 * never see each other's data; within a worker, specs run one after another as before.
 * Every journey also proves the app runs under its content security policy: Chromium reports each
 * blocked script, style or frame on the console, and a test that caused one fails.
 */
export const test = base.extend<{ contentSecurityPolicy: void }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use, testInfo) => use(serverUrl(testInfo.parallelIndex)),
  contentSecurityPolicy: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && message.text().includes('Content Security Policy'))
          violations.push(message.text());
      });
      await use();
      expect(violations, 'content security policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
