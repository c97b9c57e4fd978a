import { expect, test, type Page } from './fixtures';
import { SCREENSHOTS, expectMessage, sidebar, signIn } from './helpers';
import { appApi, smsSignIn } from './member-helpers';

const OK = /确\s*定$/;
/** The page on show: pages of other tabs stay mounted, hidden. */
const main = (page: Page) => page.locator('.app-main');
const rows = (page: Page) =>
  main(page).locator('.ant-table-tbody tr.ant-table-row').filter({ visible: true });

/** A mobile no other journey on the shared server uses. */
const MOBILE = `139${String(Date.now()).slice(-8)}`;

test('a member registers by SMS through the member API; the operator finds, inspects and disables them', async ({
  page,
}) => {
  test.setTimeout(90_000);
  page.setDefaultTimeout(15_000);
  const { request } = page;

  // The storefront: an SMS code, the sign-in that registers the member, an address.
  const memberToken = await smsSignIn(request, MOBILE);
  const address = await appApi(
    request,
    'POST',
    '/member/address/create',
    { name: '李四', mobile: MOBILE, areaId: 440305, detailAddress: '科技园 1 号', defaultStatus: true },
    memberToken,
  );
  expect(address.code, address.msg).toBe(0);
  // A member token opens no console endpoint.
  expect(
    (
      await (
        await request.get('/admin-api/system/auth/get-permission-info', {
          headers: { 'tenant-id': '1', authorization: `Bearer ${memberToken}` },
        })
      ).json()
    ).code,
  ).toBe(401);

  // The console: 会员中心 › 会员管理, searched by mobile.
  await signIn(page, 'admin', 'admin123', '/index');
  await sidebar(page).getByText('会员中心', { exact: true }).click();
  await sidebar(page).getByText('会员管理', { exact: true }).click();
  await expect(page).toHaveURL('/member/user');
  await main(page).getByRole('textbox', { name: '手机号' }).fill(MOBILE);
  await main(page).getByRole('textbox', { name: '手机号' }).press('Enter');
  const row = rows(page).filter({ hasText: MOBILE });
  await expect(row).toHaveCount(1);
  await expect(rows(page)).toHaveCount(1);
  await expect(row).toContainText('普通会员');
  await page.screenshot({ path: `${SCREENSHOTS}member-list.png` });

  // 详情: the address the member saved, and the empty wallet.
  await row.getByRole('button', { name: '详情' }).click();
  await expect(page).toHaveURL(/\/member\/user\/detail\/\d+$/);
  await expect(main(page).getByText('广东省 深圳市 南山区 科技园 1 号')).toBeVisible();
  await expect(main(page).getByText('¥0.00').first()).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SCREENSHOTS}member-detail.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SCREENSHOTS}member-detail-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // 禁用, behind the 系统提示: the member's token stops working at once.
  await main(page)
    .getByRole('button', { name: /返\s*回/ })
    .click();
  // The list comes back as it was left: its search is kept in the address (#mobile=…).
  await expect(page).toHaveURL(/\/member\/user(#.*)?$/);
  await row.getByRole('switch').click();
  const confirm = page.locator('.ant-modal-confirm:visible');
  await expect(confirm).toContainText('禁用');
  await confirm.getByRole('button', { name: OK }).click();
  await expectMessage(page, '禁用成功');
  expect((await appApi(request, 'GET', '/member/user/get', undefined, memberToken)).code).toBe(401);
});
