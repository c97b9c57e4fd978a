import { describe, expect, it } from 'vitest';
import type { ModdleElement } from './bpmn-utils';
import { visibleTabs } from './properties-panel';
import type { DiagramElement } from './services';
import { translateZh } from './translate-zh';

const SUPER: Record<string, string[]> = {
  'bpmn:UserTask': ['bpmn:UserTask', 'bpmn:Task'],
  'bpmn:ScriptTask': ['bpmn:ScriptTask', 'bpmn:Task'],
  'bpmn:StartEvent': ['bpmn:StartEvent'],
  'bpmn:ExclusiveGateway': ['bpmn:ExclusiveGateway'],
  'bpmn:SequenceFlow': ['bpmn:SequenceFlow'],
  'bpmn:Process': ['bpmn:Process'],
};

const el = (type: string, source?: DiagramElement): DiagramElement => ({
  id: type,
  type,
  source,
  businessObject: {
    $type: type,
    $instanceOf: (t: string) => SUPER[type]!.includes(t),
  } as unknown as ModdleElement,
});

describe('properties panel visibility', () => {
  it('shows the condition tab only for flows not leaving a start event', () => {
    expect(visibleTabs(el('bpmn:SequenceFlow', el('bpmn:ExclusiveGateway'))).condition).toBe(true);
    expect(visibleTabs(el('bpmn:SequenceFlow', el('bpmn:StartEvent'))).condition).toBe(false);
    expect(visibleTabs(el('bpmn:UserTask')).condition).toBe(false);
  });

  it('shows the form tab for user tasks and start events, task listeners for user tasks', () => {
    expect(visibleTabs(el('bpmn:UserTask'))).toMatchObject({ form: true, taskListeners: true, task: true });
    expect(visibleTabs(el('bpmn:StartEvent'))).toMatchObject({ form: true, taskListeners: false });
    expect(visibleTabs(el('bpmn:ScriptTask'))).toMatchObject({
      form: false,
      taskListeners: false,
      task: true,
    });
  });

  it('shows the flowable extras on flowable user tasks and conditional flows only', () => {
    expect(visibleTabs(el('bpmn:UserTask'), 'flowable')).toMatchObject({
      buttons: true,
      assigneeRules: true,
    });
    expect(visibleTabs(el('bpmn:UserTask'), 'camunda')).toMatchObject({
      buttons: false,
      assigneeRules: false,
    });
    expect(visibleTabs(el('bpmn:SequenceFlow', el('bpmn:ExclusiveGateway')), 'flowable').conditionRules).toBe(
      true,
    );
    expect(visibleTabs(el('bpmn:SequenceFlow', el('bpmn:StartEvent')), 'flowable').conditionRules).toBe(
      false,
    );
    expect(visibleTabs(el('bpmn:SequenceFlow', el('bpmn:ExclusiveGateway')), 'activiti').conditionRules).toBe(
      false,
    );
  });

  it('shows messages and signals on the process only', () => {
    expect(visibleTabs(el('bpmn:Process')).message).toBe(true);
    expect(visibleTabs(el('bpmn:UserTask')).message).toBe(false);
  });
});

describe('Chinese translation', () => {
  it('translates palette and context pad texts and fills placeholders', () => {
    expect(translateZh('Create start event')).toBe('创建开始事件');
    expect(translateZh('Append task')).toBe('追加任务');
    expect(translateZh('more than {count} child lanes', { count: '3' })).toBe('子泳道超过 3 条');
    expect(translateZh('Unknown text')).toBe('Unknown text');
  });
});
