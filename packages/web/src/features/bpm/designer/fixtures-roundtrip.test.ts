import './jsdom-svg';
import activiti from '../../../../../contract/src/bpmn/activiti.json';
import flowable from '../../../../../contract/src/bpmn/flowable.json';
import type { BpmnFlavour } from '@app/contract/bpmn';
import Modeler from 'bpmn-js/lib/Modeler';
import camunda from 'camunda-bpmn-moddle/resources/camunda.json';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { translateModule } from './translate-zh';
import { userTaskPaletteModule } from './user-task-palette';

/** Real-world diagrams of each flavour, shared with the server's engine tests. */
const FIXTURES = join(import.meta.dirname, '../../../../../../e2e/fixtures/bpmn/');
const DESCRIPTORS: Record<BpmnFlavour, object> = { camunda, flowable, activiti };

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

const ids = (xml: string) => new Set([...xml.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]!));

/** Conditions, scripts, loop settings and documentation. */
const bodies = (xml: string) =>
  xml.match(/<(?:\w+:)?(?:conditionExpression|completionCondition|loopCardinality|script|documentation)\b/g)
    ?.length ?? 0;

interface ModdleNode {
  $type: string;
  $attrs?: Record<string, unknown>;
  $descriptor?: { isGeneric?: boolean };
  [key: string]: unknown;
}

/** Extension elements and attributes the flavour's descriptor does not know (read as generic). */
const unknownExtensions = (root: ModdleNode, prefix: string): string[] => {
  const found: string[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object' || seen.has(value) || !('$type' in value)) return;
    seen.add(value);
    const node = value as ModdleNode;
    if (node.$type.startsWith(`${prefix}:`) && node.$descriptor?.isGeneric) found.push(`<${node.$type}`);
    for (const name of Object.keys(node.$attrs ?? {}))
      if (name.startsWith(`${prefix}:`)) found.push(`${name}=`);
    for (const [key, child] of Object.entries(node)) if (!key.startsWith('$')) visit(child);
  };
  visit(root);
  return found;
};

let container: HTMLElement | undefined;
afterEach(() => container?.remove());

// The designer's modeler (its own modules and the flavour's descriptor; the minimap and the token
// simulation draw only) imports each fixture and exports it again.
describe('designer fixtures', () => {
  it.each(readdirSync(FIXTURES))(
    '%s imports without warnings, reads every extension through the flavour and exports it',
    async (file) => {
      const prefix = file.split('-')[0] as BpmnFlavour;
      const source = readFileSync(`${FIXTURES}${file}`, 'utf8');
      container = document.createElement('div');
      document.body.append(container);
      const modeler = new Modeler({
        container,
        additionalModules: [translateModule, userTaskPaletteModule],
        moddleExtensions: { [prefix]: DESCRIPTORS[prefix] },
      } as ConstructorParameters<typeof Modeler>[0]);
      const { warnings } = await modeler.importXML(source);
      expect(warnings).toEqual([]);
      // Read through the descriptor, so the panel can show and edit them.
      expect(unknownExtensions(modeler.getDefinitions() as unknown as ModdleNode, prefix)).toEqual([]);
      const registry = modeler.get<{ getAll(): { type: string; waypoints?: unknown }[] }>('elementRegistry');
      const shapes = registry.getAll().filter((element) => !element.waypoints).length;
      const flowNodes = source.match(/<(?:bpmn:)?(?:\w+Task|\w*Event|\w+Gateway)\b/g)!.length;
      expect(shapes).toBeGreaterThanOrEqual(flowNodes);

      const { xml: exported = '' } = await modeler.saveXML({ format: true });
      const original = extensionCounts(source, prefix);
      expect(Object.keys(original).length).toBeGreaterThan(0);
      expect(extensionCounts(exported, prefix)).toEqual(original);
      for (const id of ids(source)) expect(exported).toContain(`id="${id}"`);
      expect(bodies(exported)).toBe(bodies(source));
      modeler.destroy();
    },
  );
});
