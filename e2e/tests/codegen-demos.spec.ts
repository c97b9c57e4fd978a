import { expect, test, type Page } from './fixtures';
import { SCREENSHOTS, expectMessage, sidebar, signIn } from './helpers';

const OK = /确\s*定$/;
const dialog = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });
const search = (page: Page) => page.locator('.list-search');
const rows = (page: Page) => page.locator('.app-main .ant-table-tbody tr.ant-table-row');

/** A 1×1 PNG, enough for the upload endpoint to take it as an image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('the generated 示例联系人 page: add a contact with a date, a photo and rich text, then find it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', 'admin123', '/index');
  await sidebar(page).getByText('基础设施').click();
  await sidebar(page).getByText('代码生成示例').click();
  await sidebar(page).getByText('示例联系人').click();
  await expect(page).toHaveURL('/infra/demo/demo01-contact');
  await expect(page.locator('.app-main')).toContainText('暂无示例联系人');

  await page.getByRole('button', { name: '新增' }).click();
  const create = dialog(page, '添加示例联系人');
  await create.getByRole('button', { name: OK }).click();
  await expect(create).toContainText('名字不能为空');
  await create.getByLabel('名字').fill('张三');
  await create.getByLabel('男').check();
  const birthday = create.getByPlaceholder('选择日期时间');
  await birthday.click();
  await birthday.fill('1990-05-01 08:30:00');
  await birthday.press('Enter');
  await create.getByLabel('简介').fill('<p>喜欢<b>爬山</b></p>');
  await create.getByLabel('头像').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: PNG });
  await expect(create.getByRole('img', { name: '已上传的图片' })).toBeVisible();
  await create.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');

  const row = rows(page).filter({ hasText: '张三' });
  await expect(row).toContainText('1990-05-01 08:30:00');
  await expect(row).toContainText('喜欢爬山');
  await expect(row.getByRole('img', { name: '头像' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}codegen-demo01.png` });

  await search(page).getByLabel('名字').fill('李');
  await search(page)
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await expect(page.locator('.app-main')).toContainText('暂无示例联系人');
  await search(page).getByLabel('名字').fill('张');
  await search(page)
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await expect(rows(page)).toHaveCount(1);
});

test('the generated 示例分类 tree: a category with a child, which must go first', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'admin', 'admin123', '/infra/demo/demo02-category');
  await expect(page.locator('.app-main')).toContainText('暂无示例分类');

  await page.locator('.app-main').getByRole('button', { name: '新增' }).first().click();
  const root = dialog(page, '添加示例分类');
  await root.getByLabel('名字').fill('电子产品');
  await root.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');

  await rows(page).filter({ hasText: '电子产品' }).getByRole('button', { name: '新增' }).click();
  const child = dialog(page, '添加示例分类');
  await expect(child.locator('.ant-select-content, .ant-select-selection-item').first()).toContainText(
    '电子产品',
  );
  await child.getByLabel('名字').fill('手机');
  await child.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');
  await expect(rows(page)).toHaveCount(2);
  await page.screenshot({ path: `${SCREENSHOTS}codegen-demo02.png` });

  await rows(page).filter({ hasText: '电子产品' }).getByRole('button', { name: '删除' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: OK }).click();
  await expect(page.getByText('存在子示例分类，无法删除').first()).toBeVisible();
});

test('the generated 学生 pages: a student with courses and a class, edited in one form and shown under the row', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', 'admin123', '/infra/demo/demo03-student-normal');
  await page.locator('.app-main').getByRole('button', { name: '新增' }).click();
  const create = dialog(page, '添加学生（普通）');
  await create.getByLabel('名字', { exact: true }).first().fill('王五');
  await create.getByLabel('男').check();
  const birthday = create.getByPlaceholder('选择日期时间');
  await birthday.click();
  await birthday.fill('2010-09-01 00:00:00');
  await birthday.press('Enter');
  await create.getByLabel('简介').fill('班长');
  for (const [course, score] of [
    ['语文', '95'],
    ['数学', '88'],
  ]) {
    await create.getByRole('button', { name: '添加学生课程' }).click();
    const row = create.locator('.ant-table-tbody tr.ant-table-row').last();
    await row.getByPlaceholder('请输入名字').fill(course!);
    await row.locator('input.ant-input-number-input').fill(score!);
  }
  await create.getByPlaceholder('请输入班主任').fill('赵老师');
  await create.getByPlaceholder('请输入名字').last().fill('三年二班');
  await create.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');
  await rows(page).filter({ hasText: '王五' }).getByRole('button', { name: '修改' }).click();
  const edit = dialog(page, '修改学生（普通）');
  await expect(edit.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(2);
  await expect(edit.getByPlaceholder('请输入班主任')).toHaveValue('赵老师');
  await page.screenshot({ path: `${SCREENSHOTS}codegen-demo03-form.png` });
  await edit.getByRole('button', { name: '删除学生课程第1行' }).click();
  await edit.getByRole('button', { name: OK }).click();
  await expectMessage(page, '修改成功');

  // The 内嵌 page shows the same student's rows under it.
  await page.goto('/infra/demo/demo03-student-inner');
  const student = rows(page).filter({ hasText: '王五' });
  await student.getByRole('button', { name: /展开/ }).click();
  const expanded = page.locator('.ant-table-expanded-row');
  await expect(expanded).toContainText('数学');
  await expect(expanded).not.toContainText('语文');
  await expanded.getByRole('tab', { name: '学生班级' }).click();
  await expect(expanded).toContainText('赵老师');
  await page.screenshot({ path: `${SCREENSHOTS}codegen-demo03-inner.png` });
});

test('the generated 学生（ERP） page: choose a student, then keep its courses and class in the lists below', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', 'admin123', '/infra/demo/demo03-student-erp');
  await page.locator('.app-main').getByRole('button', { name: '新增' }).first().click();
  const create = dialog(page, '添加学生（ERP）');
  await create.getByLabel('名字').fill('钱七');
  await create.getByLabel('男').check();
  const birthday = create.getByPlaceholder('选择日期时间');
  await birthday.click();
  await birthday.fill('2011-03-01 00:00:00');
  await birthday.press('Enter');
  await create.getByLabel('简介').fill('学习委员');
  await create.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');
  await expect(page.getByText('点击上方的一行学生（ERP），在这里管理它的学生课程、学生班级')).toBeVisible();

  await rows(page).filter({ hasText: '钱七' }).click();
  const courses = page.getByRole('tabpanel', { name: '学生课程' });
  await expect(courses).toContainText('暂无学生课程');
  await courses.getByRole('button', { name: '新增' }).click();
  const course = dialog(page, '添加学生课程');
  await course.getByLabel('名字').fill('英语');
  await course.getByLabel('分数').fill('99');
  await course.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');
  await expect(courses.locator('.ant-table-tbody tr.ant-table-row')).toContainText(['英语']);

  await page.getByRole('tab', { name: '学生班级' }).click();
  const grades = page.getByRole('tabpanel', { name: '学生班级' });
  for (const name of ['四年一班', '四年二班']) {
    await grades.getByRole('button', { name: '新增' }).click();
    const grade = dialog(page, '添加学生班级');
    await grade.getByLabel('名字').fill(name);
    await grade.getByLabel('班主任').fill('孙老师');
    await grade.getByRole('button', { name: OK }).click();
  }
  // One class per student: the second is refused and its dialog stays open.
  await expect(page.getByText('学生班级已存在').first()).toBeVisible();
  await dialog(page, '添加学生班级')
    .getByRole('button', { name: /取\s*消/ })
    .click();
  await expect(grades.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await page.screenshot({ path: `${SCREENSHOTS}codegen-demo03-erp.png` });
});
