import type { BpmnFlavour } from '@app/contract/bpmn';
import { Collapse } from 'antd';
import type Modeler from 'bpmn-js/lib/Modeler';
import { useEffect, useState, type JSX } from 'react';
import { FLOWABLE_EXTRAS, isXmlName } from './bpmn-utils';
import { isType, services, type DiagramElement } from './services';
import { BaseInfoTab } from './tabs/base-info-tab';
import { CallActivityTab } from './tabs/call-activity-tab';
import { ConditionTab } from './tabs/condition-tab';
import { ExtensionPropertiesTab } from './tabs/extension-properties-tab';
import { ExtrasTab } from './tabs/extras-tab';
import { FormTab } from './tabs/form-tab';
import { ListenersTab } from './tabs/listeners-tab';
import { MessageSignalTab } from './tabs/message-signal-tab';
import { MultiInstanceTab } from './tabs/multi-instance-tab';
import { OtherConfigTab } from './tabs/other-config-tab';
import type { PanelContext } from './tabs/panel-context';
import { TaskTab } from './tabs/task-tab';

interface PropertiesPanelProps {
  modeler: Modeler;
  prefix: BpmnFlavour;
  processKey?: string;
  processName?: string;
  modelId?: string;
}

/** Which tabs an element gets (spec: designer panel visibility rules; extras for flowable only). */
export const visibleTabs = (element: DiagramElement, prefix?: BpmnFlavour): Record<string, boolean> => {
  const isProcess = isType(element, 'bpmn:Process');
  const isFlow = isType(element, 'bpmn:SequenceFlow');
  const isUserTask = isType(element, 'bpmn:UserTask');
  const isFlowable = prefix === 'flowable';
  const condition = isFlow && !isType(element.source, 'bpmn:StartEvent');
  return {
    base: true,
    message: isProcess,
    condition,
    buttons: isFlowable && isUserTask,
    assigneeRules: isFlowable && isUserTask,
    conditionRules: isFlowable && condition,
    form: isUserTask || isType(element, 'bpmn:StartEvent'),
    task: isType(element, 'bpmn:Task') || isType(element, 'bpmn:SubProcess'),
    multiInstance: isType(element, 'bpmn:Task') || isType(element, 'bpmn:SubProcess'),
    callActivity: isType(element, 'bpmn:CallActivity'),
    listeners: true,
    taskListeners: isUserTask,
    properties: true,
    other: true,
  };
};

/**
 * The properties panel (480 px): React state holds only ids and plain copies; each render reads
 * the business object from the modeler, and every write goes through `modeling`.
 */
export function PropertiesPanel({ modeler, prefix, processKey, processName, modelId }: PropertiesPanelProps) {
  const [elementId, setElementId] = useState<string | null>(null);
  // Bumped on each selection or import: the panel resets to 基本信息.
  const [selectionToken, setSelectionToken] = useState(0);
  const [, setVersion] = useState(0);

  useEffect(() => {
    const { eventBus } = services(modeler);
    const bump = () => setVersion((v) => v + 1);
    const onSelection = ({ newSelection }: { newSelection: DiagramElement[] }) => {
      setElementId(newSelection.length === 1 && newSelection[0] ? newSelection[0].id : null);
      setSelectionToken((t) => t + 1);
    };
    const onImport = () => {
      setElementId(null);
      setSelectionToken((t) => t + 1);
      bump();
    };
    const onChanged = ({ element }: { element: DiagramElement }) => {
      // An id change re-keys the element; follow it.
      setElementId((id) =>
        id !== null && services(modeler).registry.get(id) ? id : id === null ? null : element.id,
      );
      bump();
    };
    eventBus.on('selection.changed', onSelection);
    eventBus.on('import.done', onImport);
    eventBus.on('element.changed', onChanged);
    eventBus.on('commandStack.changed', bump);
    return () => {
      eventBus.off('selection.changed', onSelection);
      eventBus.off('import.done', onImport);
      eventBus.off('element.changed', onChanged);
      eventBus.off('commandStack.changed', bump);
    };
  }, [modeler]);

  // The element id takes the model key one second after start.
  useEffect(() => {
    if (!processKey || !isXmlName(processKey)) return;
    const timer = setTimeout(() => {
      const { canvas, modeling } = services(modeler);
      const root = canvas.getRootElement();
      if (root?.businessObject && isType(root, 'bpmn:Process') && root.businessObject.id !== processKey)
        modeling.updateProperties(root, { id: processKey, ...(processName ? { name: processName } : {}) });
    }, 1000);
    return () => clearTimeout(timer);
  }, [modeler, processKey, processName]);

  const { registry, canvas } = services(modeler);
  let element: DiagramElement | undefined;
  try {
    element = (elementId && registry.get(elementId)) || canvas.getRootElement();
  } catch {
    element = undefined;
  }
  if (!element?.businessObject) return <aside className="bpm-designer__panel" aria-label="属性面板" />;

  const ctx: PanelContext = { modeler, prefix, element };
  const show = visibleTabs(element, prefix);
  const items = [
    {
      key: 'base',
      label: '基本信息',
      children: <BaseInfoTab ctx={ctx} processKey={processKey} processName={processName} modelId={modelId} />,
    },
    show.message && { key: 'message', label: '消息与信号', children: <MessageSignalTab ctx={ctx} /> },
    show.condition && { key: 'condition', label: '流转条件', children: <ConditionTab ctx={ctx} /> },
    show.conditionRules && {
      key: 'conditionRules',
      label: FLOWABLE_EXTRAS.condition.title,
      children: <ExtrasTab ctx={ctx} kind={FLOWABLE_EXTRAS.condition} />,
    },
    show.form && { key: 'form', label: '表单', children: <FormTab ctx={ctx} /> },
    show.task && { key: 'task', label: '任务配置', children: <TaskTab ctx={ctx} /> },
    show.assigneeRules && {
      key: 'assigneeRules',
      label: FLOWABLE_EXTRAS.assignee.title,
      children: <ExtrasTab ctx={ctx} kind={FLOWABLE_EXTRAS.assignee} />,
    },
    show.buttons && {
      key: 'buttons',
      label: FLOWABLE_EXTRAS.button.title,
      children: <ExtrasTab ctx={ctx} kind={FLOWABLE_EXTRAS.button} />,
    },
    show.multiInstance && { key: 'multi', label: '多实例', children: <MultiInstanceTab ctx={ctx} /> },
    show.callActivity && { key: 'call', label: '调用活动', children: <CallActivityTab ctx={ctx} /> },
    show.listeners && {
      key: 'listeners',
      label: '执行监听器',
      children: <ListenersTab ctx={ctx} kind="ExecutionListener" />,
    },
    show.taskListeners && {
      key: 'taskListeners',
      label: '任务监听器',
      children: <ListenersTab ctx={ctx} kind="TaskListener" />,
    },
    show.properties && {
      key: 'properties',
      label: '扩展属性',
      children: <ExtensionPropertiesTab ctx={ctx} />,
    },
    show.other && { key: 'other', label: '其他配置', children: <OtherConfigTab ctx={ctx} /> },
  ].filter((item): item is { key: string; label: string; children: JSX.Element } => Boolean(item));

  return (
    <aside className="bpm-designer__panel" aria-label="属性面板" data-element-id={element.id}>
      <Collapse key={selectionToken} defaultActiveKey={['base']} items={items} bordered={false} />
    </aside>
  );
}
