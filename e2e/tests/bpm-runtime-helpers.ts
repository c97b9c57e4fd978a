import { expect, type APIRequestContext, type Locator, type Page } from './fixtures';
import { adminApi } from './helpers';

/** The admin API as the holder of `token` (tenant 1); the envelope's data. */
export const api = adminApi;

/** Seeded menus a workflow approver needs: 工作流程 › 任务管理 (我的流程, 待办任务, 已办任务). */
const APPROVER_MENU_IDS = [1185, 1200, 1201, 1202, 1207, 1208, 1221, 1222];

/**
 * A new user (department 研发部) holding a new role with the approver menus; returns its id and
 * credentials. `suffix` keeps names unique when several specs share a server.
 */
export const createApprover = async (request: APIRequestContext, adminToken: string, suffix: string) => {
  const roleId = await api<number>(request, adminToken, 'POST', '/system/role/create', {
    name: `审批角色${suffix}`,
    code: `bpm_approver_${suffix}`,
    sort: 10,
  });
  await api(request, adminToken, 'POST', '/system/permission/assign-role-menu', {
    roleId,
    menuIds: APPROVER_MENU_IDS,
  });
  const username = `approver${suffix}`;
  const password = 'approve123';
  const nickname = `审批人${suffix}`;
  const userId = await api<number>(request, adminToken, 'POST', '/system/user/create', {
    username,
    password,
    nickname,
    deptId: 101,
  });
  await api(request, adminToken, 'POST', '/system/permission/assign-user-role', {
    userId,
    roleIds: [roleId],
  });
  return { userId, username, password, nickname };
};

// Pages left through the tab strip stay in the DOM (hidden): locators look at the page on screen.

/** The table row of the page on screen holding `text`. */
export const rowOf = (page: Page, text: string): Locator =>
  page.locator('.ant-table-tbody tr.ant-table-row:visible').filter({ hasText: text });

/** The workflow page on screen. */
export const onScreen = (page: Page): Locator => page.locator('.bpm-runtime-page:visible');

/** An element of the page on screen by its test id. */
export const byTestId = (page: Page, id: string): Locator => page.locator(`[data-testid="${id}"]:visible`);

/** The diagram element of a flow node in the viewer on screen. */
export const diagramNode = (page: Page, id: string): Locator =>
  page.locator(`[data-testid="bpmn-viewer"]:visible .djs-element[data-element-id="${id}"]`);

/** The process-instance id of the detail page on screen. */
export const instanceIdOf = (page: Page): string => new URL(page.url()).searchParams.get('id') ?? '';

/** Picks a date-time by typing it into an antd DatePicker and confirming. */
export const pickDateTime = async (page: Page, placeholder: string, value: string) => {
  const input = page.getByPlaceholder(placeholder);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
};
