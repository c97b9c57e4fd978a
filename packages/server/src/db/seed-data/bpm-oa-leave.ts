import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/**
 * The OA leave process of a fresh database: 领导审批 by the start user's department leader, then,
 * for more than 3 days, 总监审批 by the leader one department further up. With the seeded
 * departments the admin leads both levels, so the admin can approve a demo request alone.
 */
export const OA_LEAVE_PROCESS = {
  key: 'oa_leave',
  name: 'OA 请假',
  description: '请假申请：领导审批，请假超过 3 天再由总监审批',
  /** Dictionary bpm_model_category: 2 OA. */
  category: '2',
  formType: 20,
  formCustomCreatePath: '/bpm/oa/leave/create',
  formCustomViewPath: '/bpm/oa/leave/detail',
  /** User task id → script rule (dictionary bpm_task_assign_script). */
  rules: { leaderApprove: 20, directorApprove: 21 } as Record<string, number>,
} as const;

export const OA_LEAVE_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:omgdc="http://www.omg.org/spec/DD/20100524/DC" xmlns:omgdi="http://www.omg.org/spec/DD/20100524/DI" xmlns:flowable="http://flowable.org/bpmn" id="diagram_oa_leave" targetNamespace="http://www.flowable.org/processdef">
  <process id="oa_leave" name="OA 请假" isExecutable="true">
    <startEvent id="start" name="开始" />
    <sequenceFlow id="flow_start" sourceRef="start" targetRef="leaderApprove" />
    <userTask id="leaderApprove" name="领导审批" />
    <sequenceFlow id="flow_leader" sourceRef="leaderApprove" targetRef="dayGateway" />
    <exclusiveGateway id="dayGateway" name="请假天数" default="flow_short" />
    <sequenceFlow id="flow_long" name="超过 3 天" sourceRef="dayGateway" targetRef="directorApprove">
      <conditionExpression xsi:type="tFormalExpression">\${day &gt; 3}</conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="flow_short" name="不超过 3 天" sourceRef="dayGateway" targetRef="end" />
    <userTask id="directorApprove" name="总监审批" />
    <sequenceFlow id="flow_director" sourceRef="directorApprove" targetRef="end" />
    <endEvent id="end" name="结束" />
  </process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_oa_leave">
    <bpmndi:BPMNPlane id="BPMNPlane_oa_leave" bpmnElement="oa_leave">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start">
        <omgdc:Bounds x="100" y="182" width="36" height="36" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="leaderApprove_di" bpmnElement="leaderApprove">
        <omgdc:Bounds x="180" y="160" width="100" height="80" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="dayGateway_di" bpmnElement="dayGateway" isMarkerVisible="true">
        <omgdc:Bounds x="330" y="175" width="50" height="50" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="directorApprove_di" bpmnElement="directorApprove">
        <omgdc:Bounds x="440" y="160" width="100" height="80" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end">
        <omgdc:Bounds x="600" y="182" width="36" height="36" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="flow_start_di" bpmnElement="flow_start">
        <omgdi:waypoint x="136" y="200" />
        <omgdi:waypoint x="180" y="200" />
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flow_leader_di" bpmnElement="flow_leader">
        <omgdi:waypoint x="280" y="200" />
        <omgdi:waypoint x="330" y="200" />
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flow_long_di" bpmnElement="flow_long">
        <omgdi:waypoint x="380" y="200" />
        <omgdi:waypoint x="440" y="200" />
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flow_director_di" bpmnElement="flow_director">
        <omgdi:waypoint x="540" y="200" />
        <omgdi:waypoint x="600" y="200" />
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flow_short_di" bpmnElement="flow_short">
        <omgdi:waypoint x="355" y="225" />
        <omgdi:waypoint x="355" y="290" />
        <omgdi:waypoint x="618" y="290" />
        <omgdi:waypoint x="618" y="218" />
      </bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>
`;

/**
 * Inserts the oa_leave model, its rules and its version 1 deployed (rows written directly: the
 * seed does not run the deploy checks; a test compiles this diagram with the engine).
 */
export const seedOaLeave = async (tx: Kysely<Database>, tenantId: number, now: number): Promise<void> => {
  const audit = { creator: '1', updater: '1', createTime: now, updateTime: now };
  const p = OA_LEAVE_PROCESS;
  const modelId = randomUUID();
  const definitionId = `${p.key}:1:${randomUUID()}`;
  const form = {
    formType: p.formType,
    formId: null,
    formCustomCreatePath: p.formCustomCreatePath,
    formCustomViewPath: p.formCustomViewPath,
  };
  await tx
    .insertInto('bpmModel')
    .values({
      ...audit,
      ...form,
      id: modelId,
      tenantId,
      key: p.key,
      name: p.name,
      description: p.description,
      category: p.category,
      bpmnXml: OA_LEAVE_BPMN,
      processDefinitionId: definitionId,
    })
    .execute();
  await tx
    .insertInto('bpmProcessDefinition')
    .values({
      ...audit,
      ...form,
      id: definitionId,
      tenantId,
      modelId,
      key: p.key,
      version: 1,
      name: p.name,
      description: p.description,
      category: p.category,
      bpmnXml: OA_LEAVE_BPMN,
      formConf: null,
      formFields: null,
      suspensionState: 1,
      deploymentTime: now,
    })
    .execute();
  await tx
    .insertInto('bpmTaskAssignRule')
    .values(
      // The model's own rules ('') and their copy on version 1.
      ['', definitionId].flatMap((processDefinitionId) =>
        Object.entries(p.rules).map(([taskDefinitionKey, script]) => ({
          ...audit,
          tenantId,
          modelId,
          processDefinitionId,
          taskDefinitionKey,
          type: 50,
          options: JSON.stringify([script]),
        })),
      ),
    )
    .execute();
};
