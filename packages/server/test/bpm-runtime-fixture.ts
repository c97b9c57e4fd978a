import { BPM_SUSPENSION_STATE, BPM_TASK_ASSIGN_RULE_TYPE } from '@app/contract';
import type { Db } from '../src/db/database.js';
import { hashPassword } from '../src/lib/crypto.js';
import { bpmRuleRepository } from '../src/modules/bpm/assign-rule/repository.js';
import { bpmDefinitionRepository } from '../src/modules/bpm/definition/repository.js';
import { createTestApp, type Dialect, type Envelope, type TestApp } from './helper.js';

/* Shared setup of the workflow runtime tests: diagrams, deployed definitions, users and "servers". */

const NS =
  'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
  'xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://flowable.org/bpmn"';

const diagram = (key: string, name: string, body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<definitions ${NS} id="defs_${key}">
  <process id="${key}" name="${name}" isExecutable="true">
${body}
  </process>
</definitions>`;

const cond = (expr: string) =>
  `<conditionExpression xsi:type="tFormalExpression"><![CDATA[${expr}]]></conditionExpression>`;

/**
 * bpmn.md's leave request: the manager (`${managerId}`) approves; rejected → endRejected; approved
 * and `days > 3` → the director (`${directorId}`), else endApproved; the director's decision picks the end.
 */
export const leaveXml = (key = 'rt_leave', name = '请假流程') =>
  diagram(
    key,
    name,
    `    <startEvent id="start" name="开始" />
    <userTask id="managerApprove" name="经理审批" flowable:assignee="\${managerId}" flowable:dueDate="P2D" />
    <exclusiveGateway id="managerGateway" name="经理意见" />
    <userTask id="directorApprove" name="总监审批" flowable:assignee="\${directorId}" />
    <exclusiveGateway id="directorGateway" name="总监意见" />
    <endEvent id="endApproved" name="通过" />
    <endEvent id="endRejected" name="驳回" />
    <sequenceFlow id="f_start" sourceRef="start" targetRef="managerApprove" />
    <sequenceFlow id="f_manager" sourceRef="managerApprove" targetRef="managerGateway" />
    <sequenceFlow id="f_manager_reject" sourceRef="managerGateway" targetRef="endRejected">${cond('${approved == false}')}</sequenceFlow>
    <sequenceFlow id="f_long" sourceRef="managerGateway" targetRef="directorApprove">${cond('${approved == true && days > 3}')}</sequenceFlow>
    <sequenceFlow id="f_short" sourceRef="managerGateway" targetRef="endApproved">${cond('${approved == true && days <= 3}')}</sequenceFlow>
    <sequenceFlow id="f_director" sourceRef="directorApprove" targetRef="directorGateway" />
    <sequenceFlow id="f_director_approve" sourceRef="directorGateway" targetRef="endApproved">${cond('${approved}')}</sequenceFlow>
    <sequenceFlow id="f_director_reject" sourceRef="directorGateway" targetRef="endRejected">${cond('${!approved}')}</sequenceFlow>`,
  );

/** A gateway whose condition names a variable nobody set, next to a default flow it must not take. */
export const failLoudXml = (key = 'rt_fail_loud') =>
  diagram(
    key,
    '条件失败',
    `    <startEvent id="start" />
    <userTask id="check" name="审核" flowable:assignee="\${managerId}" />
    <exclusiveGateway id="gw" default="f_default" />
    <userTask id="after" name="后续" flowable:assignee="\${managerId}" />
    <endEvent id="endDefault" />
    <sequenceFlow id="f_start" sourceRef="start" targetRef="check" />
    <sequenceFlow id="f_check" sourceRef="check" targetRef="gw" />
    <sequenceFlow id="f_cond" sourceRef="gw" targetRef="after">${cond('${amount > 1000}')}</sequenceFlow>
    <sequenceFlow id="f_default" sourceRef="gw" targetRef="endDefault" />
    <sequenceFlow id="f_after" sourceRef="after" targetRef="endDefault" />`,
  );

/** Countersign (会签) over `${signers}`: parallel or sequential, with an optional completion condition. */
export const countersignXml = (key: string, opts: { sequential: boolean; completion?: string }) =>
  diagram(
    key,
    '会签',
    `    <startEvent id="start" />
    <userTask id="sign" name="会签" flowable:assignee="\${signer}">
      <multiInstanceLoopCharacteristics isSequential="${opts.sequential}" flowable:collection="\${signers}" flowable:elementVariable="signer">${
        opts.completion ? `<completionCondition>${opts.completion}</completionCondition>` : ''
      }</multiInstanceLoopCharacteristics>
    </userTask>
    <endEvent id="end" />
    <sequenceFlow id="f_start" sourceRef="start" targetRef="sign" />
    <sequenceFlow id="f_sign" sourceRef="sign" targetRef="end" />`,
  );

/** A multi-instance task naming no collection: its users come from the assignment rule. */
export const ruleCountersignXml = (key = 'rt_rule_sign') =>
  diagram(
    key,
    '规则会签',
    `    <startEvent id="start" />
    <userTask id="sign" name="规则会签">
      <multiInstanceLoopCharacteristics isSequential="false" />
    </userTask>
    <endEvent id="end" />
    <sequenceFlow id="f_start" sourceRef="start" targetRef="sign" />
    <sequenceFlow id="f_sign" sourceRef="sign" targetRef="end" />`,
  );

/** The manager's task with an interrupting PT2S boundary timer that leads to its own end. */
export const timerXml = (key = 'rt_timer') =>
  diagram(
    key,
    '超时流程',
    `    <startEvent id="start" />
    <userTask id="managerApprove" name="经理审批" flowable:assignee="\${managerId}" />
    <boundaryEvent id="timeout" name="超时" attachedToRef="managerApprove" cancelActivity="true">
      <timerEventDefinition><timeDuration>PT2S</timeDuration></timerEventDefinition>
    </boundaryEvent>
    <endEvent id="endApproved" />
    <endEvent id="endTimeout" name="超时结束" />
    <sequenceFlow id="f_start" sourceRef="start" targetRef="managerApprove" />
    <sequenceFlow id="f_done" sourceRef="managerApprove" targetRef="endApproved" />
    <sequenceFlow id="f_timeout" sourceRef="timeout" targetRef="endTimeout" />`,
  );

/** Two user tasks in parallel, then one more: waiting tasks are re-reported while the other moves. */
export const parallelXml = (key = 'rt_parallel') =>
  diagram(
    key,
    '并行审批',
    `    <startEvent id="start" />
    <parallelGateway id="fork" />
    <userTask id="a" name="甲审批" flowable:assignee="\${managerId}" />
    <userTask id="b" name="乙审批" flowable:assignee="\${managerId}" />
    <parallelGateway id="join" />
    <userTask id="c" name="丙审批" flowable:assignee="\${managerId}" />
    <endEvent id="end" />
    <sequenceFlow id="f_start" sourceRef="start" targetRef="fork" />
    <sequenceFlow id="f_a" sourceRef="fork" targetRef="a" />
    <sequenceFlow id="f_b" sourceRef="fork" targetRef="b" />
    <sequenceFlow id="f_a_join" sourceRef="a" targetRef="join" />
    <sequenceFlow id="f_b_join" sourceRef="b" targetRef="join" />
    <sequenceFlow id="f_join" sourceRef="join" targetRef="c" />
    <sequenceFlow id="f_end" sourceRef="c" targetRef="end" />`,
  );

/** Three user tasks in a row, assigned by rule: for return (退回), delegate and reassign. */
export const chainXml = (key = 'rt_chain', name = '三级审批') =>
  diagram(
    key,
    name,
    `    <startEvent id="start" />
    <userTask id="first" name="一级审批" />
    <userTask id="second" name="二级审批" />
    <userTask id="third" name="三级审批" />
    <endEvent id="end" />
    <sequenceFlow id="f_start" sourceRef="start" targetRef="first" />
    <sequenceFlow id="f_1" sourceRef="first" targetRef="second" />
    <sequenceFlow id="f_2" sourceRef="second" targetRef="third" />
    <sequenceFlow id="f_3" sourceRef="third" targetRef="end" />`,
  );

let definitionSeq = 0;

/**
 * Deploys `xml` as a new version of its process key in tenant `tenantId` (the previous versions are
 * suspended, as the model deploy does) with the rules `rules` (task id → user ids); returns its id.
 */
export const deployDefinition = async (
  db: Db,
  opts: {
    key: string;
    name?: string;
    xml: string;
    rules?: Record<string, number[]>;
    tenantId?: number;
    formType?: number | null;
  },
): Promise<string> => {
  const tenantId = opts.tenantId ?? 1;
  const definitions = bpmDefinitionRepository(db.kysely);
  const version = (await definitions.maxVersion(tenantId, opts.key)) + 1;
  const id = `${opts.key}:${version}:${++definitionSeq}${Date.now().toString(36)}`;
  const now = Date.now();
  await definitions.insert({
    id,
    tenantId,
    modelId: `model-${opts.key}`,
    key: opts.key,
    version,
    name: opts.name ?? /name="([^"]*)" isExecutable/.exec(opts.xml)?.[1] ?? opts.key,
    description: null,
    category: '1',
    bpmnXml: opts.xml,
    formType: opts.formType ?? 10,
    formId: null,
    formConf: '{}',
    formFields: '[]',
    formCustomCreatePath: null,
    formCustomViewPath: null,
    suspensionState: BPM_SUSPENSION_STATE.ACTIVE,
    deploymentTime: now,
    creator: '1',
    updater: '1',
    createTime: now,
    updateTime: now,
  });
  await definitions.suspendOthers(tenantId, opts.key, id, now, 1);
  const rules = bpmRuleRepository(db.kysely);
  for (const [task, users] of Object.entries(opts.rules ?? {}))
    await rules.insert(
      tenantId,
      {
        modelId: `model-${opts.key}`,
        processDefinitionId: id,
        taskDefinitionKey: task,
        type: BPM_TASK_ASSIGN_RULE_TYPE.USER,
        options: users,
      },
      now,
      1,
    );
  return id;
};

/** A user of tenant 1 holding the super_admin role (every workflow permission); returns id and password. */
export const addWorkflowUser = async (db: Db, username: string, nickname = username): Promise<number> => {
  const k = db.kysely;
  const { id } = await k
    .insertInto('systemUsers')
    .values({
      tenantId: 1,
      username,
      password: await hashPassword('flow123'),
      nickname,
      status: 0,
      remark: null,
      deptId: 101,
      email: null,
      mobile: null,
      sex: null,
      avatar: null,
      loginIp: null,
      loginDate: null,
      creator: null,
      updater: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await k
    .insertInto('systemUserRole')
    .values({ tenantId: 1, userId: id, roleId: 1, creator: null, updater: null })
    .execute();
  return id;
};

/**
 * "Servers" over one database: each `start()` builds a new app (a restart: nothing in memory is
 * shared but the database), and closing one leaves the database open for the next.
 */
export const serversOn = (dialect: Dialect, db: Db) => {
  const shared: Db = { ...db, close: async () => {} };
  return {
    /** `now`: where the new server's clock starts (a later start, without waiting for it). */
    start: (now?: number) => createTestApp(dialect, { db: shared, ...(now === undefined ? {} : { now }) }),
  };
};

/** Calls an API as `username` (password flow123 unless admin). */
export const signIn = async (t: TestApp, username: string): Promise<string> =>
  (await t.login(username, username === 'admin' ? 'admin123' : 'flow123')).accessToken;

export const ok = <T>(res: Envelope): T => {
  if (res.code !== 0) throw new Error(`接口失败：${res.code} ${res.msg}`);
  return res.data as T;
};
