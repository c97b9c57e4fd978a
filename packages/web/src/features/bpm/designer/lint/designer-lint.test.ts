import activiti from '../../../../../../contract/src/bpmn/activiti.json';
import flowable from '../../../../../../contract/src/bpmn/flowable.json';
import { BPMN_FLAVOUR_NAMESPACES, type BpmnFlavour } from '@app/contract/bpmn';
import { BpmnModdle } from 'bpmn-moddle';
import camunda from 'camunda-bpmn-moddle/resources/camunda.json';
import { describe, expect, it } from 'vitest';
import { lintDefinitions } from './designer-lint';

const DESCRIPTORS = { camunda, flowable, activiti } as Record<BpmnFlavour, object>;

const lint = async (prefix: BpmnFlavour, body: string) => {
  const moddle = new BpmnModdle({ [prefix]: DESCRIPTORS[prefix] });
  const { rootElement } = await moddle.fromXML(`<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:${prefix}="${BPMN_FLAVOUR_NAMESPACES[prefix]}" id="d" targetNamespace="${BPMN_FLAVOUR_NAMESPACES[prefix]}">
  <process id="P" isExecutable="true">${body}</process>
</definitions>`);
  return lintDefinitions(rootElement, prefix);
};

describe.each(['camunda', 'flowable', 'activiti'] as const)('%s lint', (prefix) => {
  it('passes a complete approval flow', async () => {
    expect(
      await lint(
        prefix,
        `<startEvent id="S" /><userTask id="T" ${prefix}:assignee="1">
          <multiInstanceLoopCharacteristics ${prefix}:collection="\${coll_userList}" ${prefix}:elementVariable="u" />
        </userTask>
        <exclusiveGateway id="G" default="F3" /><endEvent id="E1" /><endEvent id="E2" />
        <sequenceFlow id="F1" sourceRef="S" targetRef="T" /><sequenceFlow id="F0" sourceRef="T" targetRef="G" />
        <sequenceFlow id="F2" sourceRef="G" targetRef="E1"><conditionExpression>\${days &gt; 3}</conditionExpression></sequenceFlow>
        <sequenceFlow id="F3" sourceRef="G" targetRef="E2" />`,
      ),
    ).toEqual([]);
  });

  it('reports a missing start and end event on the process', async () => {
    expect(await lint(prefix, '')).toEqual([
      { id: 'P', message: '流程缺少开始事件', category: 'error' },
      { id: 'P', message: '流程缺少结束事件', category: 'error' },
    ]);
  });

  it('warns about a user task without assignment; candidates count as assignment', async () => {
    const problems = await lint(
      prefix,
      `<startEvent id="S" /><endEvent id="E" /><userTask id="T1" />
       <userTask id="T2" ${prefix}:candidateGroups="1,2" /><userTask id="T3" ${prefix}:candidateUsers="3" />`,
    );
    expect(problems).toEqual([
      { id: 'T1', message: '用户任务未指定处理人（处理用户、候选用户或候选分组）', category: 'warn' },
    ]);
  });

  it('reports gateway branches without condition or default, and a bare collection', async () => {
    const problems = await lint(
      prefix,
      `<startEvent id="S" /><endEvent id="E1" /><endEvent id="E2" /><endEvent id="E3" />
       <exclusiveGateway id="G" />
       <sequenceFlow id="F0" sourceRef="S" targetRef="G" />
       <sequenceFlow id="F1" sourceRef="G" targetRef="E1"><conditionExpression>\${ok}</conditionExpression></sequenceFlow>
       <sequenceFlow id="F2" sourceRef="G" targetRef="E2" />
       <sequenceFlow id="F3" sourceRef="G" targetRef="E3" />
       <userTask id="T" ${prefix}:assignee="\${u}">
         <multiInstanceLoopCharacteristics ${prefix}:collection="signers" />
       </userTask>`,
    );
    expect(problems.map((p) => [p.id, p.category])).toEqual([
      ['F2', 'error'],
      ['F3', 'error'],
      ['T', 'error'],
    ]);
    expect(problems[0]!.message).toBe('排他网关的分支既没有条件，也不是默认流转路径');
    expect(problems[2]!.message).toBe('多实例集合应写成表达式，例如 ${signers}');
  });

  it('accepts a single unconditional branch and #{} collections', async () => {
    expect(
      await lint(
        prefix,
        `<startEvent id="S" /><exclusiveGateway id="G" /><endEvent id="E" />
         <sequenceFlow id="F0" sourceRef="S" targetRef="G" /><sequenceFlow id="F1" sourceRef="G" targetRef="E" />
         <userTask id="T" ${prefix}:assignee="1"><multiInstanceLoopCharacteristics ${prefix}:collection="#{list}" /></userTask>`,
      ),
    ).toEqual([]);
  });
});

it('counts flowable assignee rules as assignment', async () => {
  expect(
    await lint(
      'flowable',
      `<startEvent id="S" /><endEvent id="E" />
       <userTask id="T"><extensionElements><flowable:assignee type="role" value="1" /></extensionElements></userTask>`,
    ),
  ).toEqual([]);
});
