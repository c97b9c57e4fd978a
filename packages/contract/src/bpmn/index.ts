/**
 * Moddle descriptors for the process designer's engine flavours other than Camunda (which uses the
 * maintained `camunda-bpmn-moddle` package). Written for this project; they describe exactly the
 * attributes and extension elements the designer's properties panel reads and writes.
 */
import activiti from './activiti.json' with { type: 'json' };
import flowable from './flowable.json' with { type: 'json' };

/** Namespace URIs per engine flavour, also used as the new diagram's targetNamespace. */
export const BPMN_FLAVOUR_NAMESPACES = {
  camunda: 'http://camunda.org/schema/1.0/bpmn',
  flowable: 'http://flowable.org/bpmn',
  activiti: 'http://activiti.org/bpmn',
} as const;

export type BpmnFlavour = keyof typeof BPMN_FLAVOUR_NAMESPACES;

export const flowableModdleDescriptor = flowable;
export const activitiModdleDescriptor = activiti;
