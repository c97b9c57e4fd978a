import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { SCREENSHOTS } from './helpers';
import { openDesigner, panel, previewXml } from './designer-helpers';

const FIXTURES = new URL('../fixtures/bpmn/', import.meta.url).pathname;

/** How often each `<prefix:element` and `prefix:attribute=` occurs. */
const extensionCounts = (xml: string, prefix: string): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const [, element, attribute] of xml.matchAll(
    new RegExp(`<${prefix}:(\\w+)|\\b${prefix}:(\\w+)=`, 'g'),
  )) {
    const key = element ? `<${element}` : `${attribute}=`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

const ids = (xml: string) => new Set([...xml.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]));

for (const file of readdirSync(FIXTURES)) {
  const prefix = file.split('-')[0]!;
  test(`fixture ${file} imports without warnings and exports every extension element`, async ({ page }) => {
    const source = readFileSync(`${FIXTURES}${file}`, 'utf8');
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.text().includes('流程图导入')) problems.push(message.text());
    });
    await openDesigner(page, `?prefix=${prefix}`);
    await page.getByLabel('选择流程文件').setInputFiles(`${FIXTURES}${file}`);
    const flowNodes = source.match(/<(?:bpmn:)?(?:\w+Task|\w*Event|\w+Gateway)\b/g)!.length;
    await expect.poll(async () => page.locator('.djs-shape').count()).toBeGreaterThanOrEqual(flowNodes);
    await expect(panel(page)).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}designer-fixture-${prefix}-${file.split('.')[0]}.png` });

    const exported = await previewXml(page);
    expect(problems).toEqual([]);
    const original = extensionCounts(source, prefix);
    expect(Object.keys(original).length).toBeGreaterThan(0);
    expect(extensionCounts(exported, prefix)).toEqual(original);
    for (const id of ids(source)) expect(exported).toContain(`id="${id}"`);
    // Conditions, scripts, loop settings and documentation come back too.
    const bodies = (xml: string) =>
      xml.match(
        /<(?:\w+:)?(?:conditionExpression|completionCondition|loopCardinality|script|documentation)\b/g,
      )?.length ?? 0;
    expect(bodies(exported)).toBe(bodies(source));
  });
}
