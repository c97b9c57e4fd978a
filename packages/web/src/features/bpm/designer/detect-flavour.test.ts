import { describe, expect, it } from 'vitest';
import { createEmptyDiagram, detectFlavour, FLAVOUR_NAMESPACES } from './bpmn-utils';

const definitions = (declarations: string, body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<bpmn2:definitions xmlns:bpmn2="http://www.omg.org/spec/BPMN/20100524/MODEL" ${declarations} id="d" targetNamespace="http://www.flowable.org/processdef">
  <bpmn2:process id="p" isExecutable="true">${body}</bpmn2:process>
</bpmn2:definitions>`;

describe('the flavour of a stored diagram', () => {
  it('is the flavour whose attributes and elements the diagram uses', () => {
    const task = (prefix: string) =>
      `<bpmn2:userTask id="t" ${prefix}:assignee="1"><bpmn2:extensionElements><${prefix}:properties><${prefix}:property name="a" value="b" /></${prefix}:properties></bpmn2:extensionElements></bpmn2:userTask>`;
    for (const prefix of ['camunda', 'flowable', 'activiti'] as const)
      expect(
        detectFlavour(definitions(`xmlns:${prefix}="${FLAVOUR_NAMESPACES[prefix]}"`, task(prefix))),
      ).toBe(prefix);
  });

  it('goes by namespace, not by the prefix the file binds it to', () => {
    const xml = definitions(
      `xmlns:flowable="${FLAVOUR_NAMESPACES.camunda}" xmlns:x.y="${FLAVOUR_NAMESPACES.activiti}"`,
      '<bpmn2:userTask id="t" flowable:assignee="1" x.y:priority="5" x.y:dueDate="d" />',
    );
    expect(detectFlavour(xml)).toBe('activiti');
  });

  it('ignores declared but unused namespaces and prefers the one used most', () => {
    // The server's starter diagram declares flowable; a camunda edit then adds its own attributes.
    const xml = definitions(
      `xmlns:flowable="${FLAVOUR_NAMESPACES.flowable}" xmlns:camunda="${FLAVOUR_NAMESPACES.camunda}"`,
      '<bpmn2:userTask id="t" camunda:assignee="1" />',
    );
    expect(detectFlavour(xml)).toBe('camunda');
    expect(
      detectFlavour(
        definitions(
          `xmlns:flowable="${FLAVOUR_NAMESPACES.flowable}" xmlns:camunda="${FLAVOUR_NAMESPACES.camunda}"`,
          '<bpmn2:userTask id="t" camunda:assignee="1" flowable:assignee="1" flowable:priority="2" />',
        ),
      ),
    ).toBe('flowable');
  });

  it('is undefined for a diagram without extensions', () => {
    expect(detectFlavour(createEmptyDiagram('camunda', { key: 'p' }))).toBeUndefined();
    expect(detectFlavour(definitions('', '<bpmn2:userTask id="t" />'))).toBeUndefined();
    expect(detectFlavour('not xml')).toBeUndefined();
  });
});
