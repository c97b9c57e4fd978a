import { type APIRequestContext, type Locator, type Page } from './fixtures';
import { adminApi } from './helpers';

export { apiLogin } from './notify-helpers';
export { adminApi } from './helpers';

/** A new process model (with the server's initial diagram); returns its id. */
export const createModel = (request: APIRequestContext, token: string, key: string, name: string) =>
  adminApi<string>(request, token, 'POST', '/bpm/model/create', { key, name });

export const OK = /确\s*定$/;

// Pages left through the tab strip stay in the DOM (hidden): locators look at what is on screen.

/** The dialog on screen titled `title`. */
export const dialog = (page: Page, title: string): Locator =>
  page.locator('.ant-modal:visible').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

/** The confirmation on screen. */
export const confirmDialog = (page: Page): Locator => page.locator('.ant-modal-confirm:visible');

/** The table row on screen holding `text`. */
export const rowOf = (page: Page, text: string): Locator =>
  page.locator('.ant-table-tbody tr.ant-table-row:visible').filter({ hasText: text });
