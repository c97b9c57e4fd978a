import type { BpmnFlavour } from '@app/contract/bpmn';
import camundaModdleDescriptor from 'camunda-bpmn-moddle/resources/camunda.json';

/**
 * Our flowable / activiti descriptors live in the contract (packages/contract/src/bpmn). They are
 * referenced as static assets rather than imported, so they stay out of the contract chunk that
 * the shell loads and are fetched only when a designer with that flavour opens.
 */
const DESCRIPTOR_URLS: Record<Exclude<BpmnFlavour, 'camunda'>, string> = {
  flowable: new URL('../../../../../contract/src/bpmn/flowable.json', import.meta.url).href,
  activiti: new URL('../../../../../contract/src/bpmn/activiti.json', import.meta.url).href,
};

const cache = new Map<BpmnFlavour, Promise<Record<string, unknown>>>();

/** The moddle extension for the flavour, registered under the flavour's prefix. */
export const loadModdleExtensions = (prefix: BpmnFlavour): Promise<Record<string, unknown>> => {
  if (prefix === 'camunda') return Promise.resolve({ camunda: camundaModdleDescriptor });
  let pending = cache.get(prefix);
  if (!pending) {
    pending = fetch(DESCRIPTOR_URLS[prefix])
      .then((response) => {
        if (!response.ok) throw new Error(`无法加载 ${prefix} 流程描述文件`);
        return response.json() as Promise<unknown>;
      })
      .then((descriptor) => ({ [prefix]: descriptor }));
    pending.catch(() => cache.delete(prefix));
    cache.set(prefix, pending);
  }
  return pending;
};
