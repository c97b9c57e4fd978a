import { GlobalError } from '@app/contract';
import { BpmnCompileError, readProcessOutline, type ProcessOutline } from '../../bpm/engine/index.js';
import { ServiceError } from '../../lib/errors.js';

const escapeXml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/**
 * The diagram a new model starts with: a Flowable process whose id and name are the model's key and
 * name, holding one start event, so the designer opens on something valid.
 */
export const starterDiagram = (key: string, name: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:flowable="http://flowable.org/bpmn" id="diagram_${key}" targetNamespace="http://www.flowable.org/processdef">
  <process id="${key}" name="${escapeXml(name)}" isExecutable="true">
    <startEvent id="StartEvent_1" name="开始" />
  </process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${key}">
      <bpmndi:BPMNShape id="StartEvent_1_di" bpmnElement="StartEvent_1">
        <dc:Bounds x="180" y="160" width="36" height="36" />
      </bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>
`;

/** The outline of a stored or submitted diagram; one that cannot be read at all is bad input. */
export const outlineOf = async (xml: string): Promise<ProcessOutline> => {
  try {
    return await readProcessOutline(xml);
  } catch (error) {
    if (error instanceof BpmnCompileError)
      throw new ServiceError(
        GlobalError.BAD_REQUEST.code,
        `${GlobalError.BAD_REQUEST.msg}:流程图无法解析：${error.problems.join('；')}`,
      );
    throw error;
  }
};
