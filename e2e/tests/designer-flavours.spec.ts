import { expect, test } from './fixtures';
import { SCREENSHOTS } from './helpers';
import { createUserTask, openDesigner, panel, previewXml } from './designer-helpers';

const NAMESPACES = {
  camunda: 'http://camunda.org/schema/1.0/bpmn',
  flowable: 'http://flowable.org/bpmn',
  activiti: 'http://activiti.org/bpmn',
} as const;

// What each flavour writes for every panel field is proven in bpmn-utils.test.ts (per flavour) and
// panel-writes.test.tsx (through the real panel and command stack); flow types in bpmn-utils.test.ts
// and designer-lint.spec.ts. This journey drives the panel on the canvas once, with the flavour the
// server's engine reads.
const prefix = 'flowable';

test(`${prefix}: user task properties, form fields and extension properties round-trip`, async ({ page }) => {
  // A long edit sequence: allow for a busy machine.
  test.slow();
  await openDesigner(page, `?prefix=${prefix}`);
  await expect(page.getByRole('radio', { name: prefix })).toBeChecked();

  await createUserTask(page);
  const p = panel(page);
  await p.getByText('任务配置').click();
  await p.getByLabel('处理用户').fill('1');
  await p.getByLabel('到期时间').fill('${dueDate}');
  await p.getByLabel('优先级').fill('50');
  await p.getByText('异步前').click();
  const candidates = p.locator('#bpm-task-candidateUsers');
  await candidates.fill('2');
  await candidates.press('Enter');
  await candidates.fill('3');
  await candidates.press('Enter');
  await p.getByText('扩展属性').click();
  await p.getByLabel('新属性名').fill('color');
  await p.getByLabel('新属性值').fill('red');
  await p.getByRole('button', { name: '添加属性' }).click();
  await expect(p.getByLabel('属性名 1')).toHaveValue('color');
  await p.getByText('表单', { exact: true }).click();
  await p.getByLabel('新字段ID').fill('days');
  await p.getByLabel('新字段名称').fill('天数');
  await p.getByRole('button', { name: '添加字段' }).click();
  await expect(p.getByLabel('字段ID 1')).toHaveValue('days');
  await p.getByText('其他配置').click();
  await p.getByLabel('元素文档').fill('审批说明');
  // The text fields write to the diagram after a pause.
  await expect.poll(() => previewXml(page)).toContain('审批说明</bpmn2:documentation>');
  await page.screenshot({ path: `${SCREENSHOTS}designer-${prefix}-task.png` });

  const xml = await previewXml(page);
  expect(xml).toContain(`xmlns:${prefix}="${NAMESPACES[prefix]}"`);
  expect(xml).toContain(`targetNamespace="${NAMESPACES[prefix]}"`);
  expect(xml).toContain(`${prefix}:assignee="1"`);
  expect(xml).toContain(`${prefix}:dueDate="\${dueDate}"`);
  expect(xml).toContain(`${prefix}:priority="50"`);
  expect(xml).toContain(`${prefix}:candidateUsers="2,3"`);
  expect(xml).toContain(`${prefix}:asyncBefore="true"`);
  expect(xml).toContain(`<${prefix}:property name="color" value="red" />`);
  expect(xml).toContain('审批说明</bpmn2:documentation>');
  expect(xml).toMatch(
    new RegExp(`<${prefix}:formData>\\s*<${prefix}:formField id="days" label="天数" type="string" />`),
  );
});
