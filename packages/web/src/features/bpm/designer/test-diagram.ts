import type { BpmnFlavour } from '@app/contract/bpmn';
import { FLAVOUR_NAMESPACES } from './bpmn-utils';

export const BPMN = 'http://www.omg.org/spec/BPMN/20100524/MODEL';
/** The diagram-interchange namespaces a drawn process declares. */
export const DI_NAMESPACES = `xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"`;

/** A drawn process of the flavour: start (S) → user task 审批 (T, no assignee) → end (E), flows F1 and F2. */
export const startTaskEnd = (
  prefix: BpmnFlavour,
  processId: string,
  processName: string,
) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn2:definitions xmlns:bpmn2="${BPMN}" ${DI_NAMESPACES} xmlns:${prefix}="${FLAVOUR_NAMESPACES[prefix]}" id="d" targetNamespace="${FLAVOUR_NAMESPACES[prefix]}">
  <bpmn2:process id="${processId}" name="${processName}" isExecutable="true">
    <bpmn2:startEvent id="S" /><bpmn2:userTask id="T" name="审批" /><bpmn2:endEvent id="E" />
    <bpmn2:sequenceFlow id="F1" sourceRef="S" targetRef="T" />
    <bpmn2:sequenceFlow id="F2" sourceRef="T" targetRef="E" />
  </bpmn2:process>
  <bpmndi:BPMNDiagram id="D"><bpmndi:BPMNPlane id="PL" bpmnElement="${processId}">
    <bpmndi:BPMNShape id="S_di" bpmnElement="S"><dc:Bounds x="100" y="182" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="T_di" bpmnElement="T"><dc:Bounds x="200" y="160" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="E_di" bpmnElement="E"><dc:Bounds x="400" y="182" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="F1_di" bpmnElement="F1"><di:waypoint x="136" y="200" /><di:waypoint x="200" y="200" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="F2_di" bpmnElement="F2"><di:waypoint x="300" y="200" /><di:waypoint x="400" y="200" /></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn2:definitions>`;
