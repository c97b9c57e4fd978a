import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BpmnCompileError,
  type ListenerContext,
  clearDefinitionCache,
  compileProcess,
  completeTask,
  readProcessOutline,
  registerListenerHandler,
  start,
  unregisterListenerHandler,
} from '../src/bpm/engine/index.js';

const e2eFixture = (name: string) =>
  readFileSync(new URL(`../../../e2e/fixtures/bpmn/${name}`, import.meta.url), 'utf8');
const fixture = (name: string) => readFileSync(new URL(`./fixtures/bpmn/${name}`, import.meta.url), 'utf8');

/** A camunda diagram around `body` (the process's flow elements). */
const camunda = (
  body: string,
  processAttributes = 'isExecutable="true"',
) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="Definitions_t" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="p" name="测试流程" ${processAttributes}>${body}</bpmn:process>
</bpmn:definitions>`;

/** start → task → end, with the task's attributes and children given. */
const line = (taskAttributes = '', taskBody = '') => `
  <bpmn:startEvent id="start" />
  <bpmn:userTask id="task" name="审批" ${taskAttributes}>${taskBody}</bpmn:userTask>
  <bpmn:endEvent id="end" />
  <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="task" />
  <bpmn:sequenceFlow id="f2" sourceRef="task" targetRef="end" />`;

async function problemsOf(xml: string): Promise<string[]> {
  try {
    await compileProcess(xml);
    return [];
  } catch (err) {
    if (err instanceof BpmnCompileError) return err.problems;
    throw err;
  }
}

describe('bpm engine: reading diagrams', () => {
  it('outlines the designer fixtures of all three flavours', async () => {
    const activiti = await readProcessOutline(e2eFixture('activiti-purchase-order.bpmn'));
    expect(activiti).toMatchObject({ key: 'purchase_order', name: '采购订单', flavour: 'activiti' });
    expect(activiti.userTasks).toEqual([
      { id: 'quote_review', name: '比价审核', multiInstance: null },
      { id: 'sequential_sign', name: '逐级签批', multiInstance: { sequential: true } },
    ]);
    expect(activiti.nodes).toHaveLength(10);
    expect(activiti.nodes[5]).toEqual({ id: 'wait_delivery', name: '等待送达', type: 'bpmn:ReceiveTask' });

    const flowable = await readProcessOutline(e2eFixture('flowable-expense-countersign.bpmn20.xml'));
    expect(flowable).toMatchObject({ key: 'expense_countersign', name: '费用报销会签', flavour: 'flowable' });
    expect(flowable.userTasks.map((t) => [t.id, t.multiInstance])).toEqual([
      ['leader_review', null],
      ['finance_countersign', { sequential: false }],
    ]);

    const collaboration = await readProcessOutline(e2eFixture('camunda-collaboration.bpmn'));
    expect(collaboration).toMatchObject({ key: 'order_fulfilment', name: '订单履约', flavour: 'camunda' });
    expect(collaboration.nodes.map((n) => n.type)).toEqual([
      'bpmn:StartEvent',
      'bpmn:UserTask',
      'bpmn:UserTask',
      'bpmn:EndEvent',
    ]);
  });

  it('is lenient with unfinished diagrams and plain BPMN', async () => {
    const unfinished = camunda('<bpmn:userTask id="alone" />', '');
    expect(await readProcessOutline(unfinished)).toEqual({
      key: 'p',
      name: '测试流程',
      flavour: 'camunda',
      userTasks: [{ id: 'alone', name: '', multiInstance: null }],
      nodes: [{ id: 'alone', name: '', type: 'bpmn:UserTask' }],
    });
    const plain =
      '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d"><process id="x" isExecutable="true" /></definitions>';
    expect(await readProcessOutline(plain)).toEqual({
      key: 'x',
      name: '',
      flavour: null,
      userTasks: [],
      nodes: [],
    });
  });

  it('throws only for XML it cannot read at all', async () => {
    await expect(readProcessOutline('<definitions')).rejects.toThrow(BpmnCompileError);
    await expect(readProcessOutline('<definitions')).rejects.toMatchObject({
      problems: [expect.stringMatching(/^无法读取 BPMN XML：/)],
    });
    await expect(readProcessOutline('<foo/>')).rejects.toMatchObject({
      problems: ['无法读取 BPMN XML：根元素不是 bpmn:definitions'],
    });
  });
});

describe('bpm engine: deploy checks', () => {
  afterEach(() => {
    unregisterListenerHandler('auditTrail');
    clearDefinitionCache();
  });

  it('accepts the diagrams it runs', async () => {
    expect((await compileProcess(fixture('leave.bpmn'))).key).toBe('oa_leave');
    expect((await compileProcess(fixture('countersign.bpmn20.xml'))).flavour).toBe('flowable');
    expect((await compileProcess(fixture('timer-boundary.bpmn'))).userTasks).toHaveLength(2);
    expect((await compileProcess(fixture('parallel.bpmn'))).nodes).toHaveLength(8);
  });

  it('runs an activiti diagram: its assignee and bare collection are read like the other flavours', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:activiti="http://activiti.org/bpmn" targetNamespace="http://www.activiti.org/processdef" id="activiti_defs">
  <process id="sign_in_turn" name="逐级签批" isExecutable="true">
    <startEvent id="start" />
    <userTask id="sign" name="签批" activiti:assignee="\${approver}" activiti:candidateGroups="leaders">
      <multiInstanceLoopCharacteristics isSequential="true" activiti:collection="approvers" activiti:elementVariable="approver" />
    </userTask>
    <endEvent id="end" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="sign" />
    <sequenceFlow id="f2" sourceRef="sign" targetRef="end" />
  </process>
</definitions>`;
    expect((await compileProcess(xml)).flavour).toBe('activiti');
    const started = await start({
      definition: { id: 'activiti-test', xml },
      variables: { approvers: ['u1', 'u2'] },
    });
    expect(
      started.waitingTasks.map((t) => [t.assignee, t.candidateGroups, t.multiInstance?.sequential]),
    ).toEqual([['u1', ['leaders'], true]]);
  });

  it('accepts timer dates and cycles', async () => {
    const timer = (definition: string) =>
      camunda(
        `${line()}<bpmn:boundaryEvent id="b" name="提醒" attachedToRef="task" cancelActivity="false"><bpmn:timerEventDefinition>${definition}</bpmn:timerEventDefinition></bpmn:boundaryEvent><bpmn:sequenceFlow id="fb" sourceRef="b" targetRef="end" />`,
      );
    expect(await problemsOf(timer('<bpmn:timeDate>2030-01-01T09:00:00+08:00</bpmn:timeDate>'))).toEqual([]);
    expect(await problemsOf(timer('<bpmn:timeCycle>R3/PT10M</bpmn:timeCycle>'))).toEqual([]);
    expect(await problemsOf(timer(''))).toEqual([
      '边界事件「提醒」需要且只能有一个定时设置（时长、日期或周期）',
    ]);
  });

  it('refuses scripts, Java classes and listeners of the designer fixtures', async () => {
    expect(await problemsOf(e2eFixture('camunda-leave-approval.bpmn'))).toEqual([
      '连线「驳回」使用了脚本条件（javascript），不允许执行脚本',
      '开始事件「提交申请」的执行监听器「com.example.leave.StartListener」不在允许的监听器列表中',
      '用户任务「经理审批」的任务监听器「com.example.leave.NotifyListener」不在允许的监听器列表中',
      '用户任务「经理审批」的任务监听器「${escalation.remind(task)}」不在允许的监听器列表中',
      '服务任务「记录考勤」：不允许执行 Java 类或表达式「com.example.leave.RecordDelegate」',
      '脚本任务「生成摘要」：不允许执行脚本',
      '结束事件「已批准」的执行监听器「${leaveService.approved(execution)}」不在允许的监听器列表中',
    ]);
    expect(await problemsOf(e2eFixture('flowable-expense-countersign.bpmn20.xml'))).toEqual([
      '开始事件「填写报销单」的执行监听器（start）是脚本，不允许执行脚本',
      '用户任务「主管审核」的任务监听器「${assignNotifier}」不在允许的监听器列表中',
      '用户任务「财务会签」的任务监听器「com.example.expense.CountersignListener」不在允许的监听器列表中',
      '服务任务「付款」：不允许执行 Java 类或表达式「com.example.expense.PayDelegate」',
    ]);
    expect(await problemsOf(e2eFixture('activiti-purchase-order.bpmn'))).toEqual([
      '流程「采购订单」的执行监听器「org.example.purchase.ArchiveListener」不在允许的监听器列表中',
      '连线「驳回」使用了脚本条件（groovy），不允许执行脚本',
      '用户任务「比价审核」的任务监听器「org.example.purchase.QuoteListener」不在允许的监听器列表中',
      '用户任务「逐级签批」的循环数量有误：表达式无法计算：${approvers.size()}（第 15 个字符处：不支持函数调用）',
      '服务任务「下单」：不允许执行 Java 类或表达式「${orderService}」',
      '接收任务「等待送达」不受支持：本系统无法触发它继续，请改用用户任务',
      '脚本任务「入库」：不允许执行脚本',
      '中间抛出事件「通知取消」不受支持：本系统不抛出消息、信号或其他事件',
    ]);
    expect(await problemsOf(e2eFixture('camunda-collaboration.bpmn'))).toEqual([
      '开始事件「收到订单」只支持空开始事件（无触发条件）',
    ]);
  });

  it('refuses diagrams without an executable process, a start or an end', async () => {
    expect(await problemsOf(camunda(line(), ''))).toEqual([
      '没有可执行的流程（流程需要标记为可执行 isExecutable="true"）',
    ]);
    const twoProcesses = camunda(line()).replace(
      '</bpmn:definitions>',
      '<bpmn:process id="q" isExecutable="true" /></bpmn:definitions>',
    );
    expect(await problemsOf(twoProcesses)).toEqual(['只能有一个可执行的流程，当前有 2 个']);
    expect(await problemsOf(camunda('<bpmn:userTask id="t" name="审批" />'))).toEqual([
      '流程缺少开始事件',
      '流程缺少结束事件',
      '用户任务「审批」没有进入的连线',
      '用户任务「审批」没有离开的连线',
    ]);
    const twoStarts = camunda(
      `${line()}<bpmn:startEvent id="start2" /><bpmn:sequenceFlow id="f3" sourceRef="start2" targetRef="task" />`,
    );
    expect(await problemsOf(twoStarts)).toEqual(['流程只能有一个开始事件，当前有 2 个']);
  });

  it('refuses an exclusive gateway branch with neither a condition nor the default', async () => {
    const gateway = (defaultFlow: string) =>
      camunda(`
        <bpmn:startEvent id="start" />
        <bpmn:exclusiveGateway id="gw" name="判断" ${defaultFlow} />
        <bpmn:endEvent id="a" /><bpmn:endEvent id="b" /><bpmn:endEvent id="c" />
        <bpmn:sequenceFlow id="f0" sourceRef="start" targetRef="gw" />
        <bpmn:sequenceFlow id="fa" name="甲" sourceRef="gw" targetRef="a">
          <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${x == 1}</bpmn:conditionExpression>
        </bpmn:sequenceFlow>
        <bpmn:sequenceFlow id="fb" name="乙" sourceRef="gw" targetRef="b" />
        <bpmn:sequenceFlow id="fc" name="丙" sourceRef="gw" targetRef="c" />`);
    expect(await problemsOf(gateway('default="fb"'))).toEqual([
      '排他网关「判断」的出线连线「丙」既没有条件也不是默认出线',
    ]);
    expect(await problemsOf(gateway(''))).toEqual([
      '排他网关「判断」的出线连线「乙」既没有条件也不是默认出线',
      '排他网关「判断」的出线连线「丙」既没有条件也不是默认出线',
    ]);
  });

  it('refuses expressions it cannot parse, wherever they are', async () => {
    const condition = (body: string, language = '') =>
      camunda(`
        <bpmn:startEvent id="start" /><bpmn:endEvent id="end" />
        <bpmn:sequenceFlow id="f" name="条件线" sourceRef="start" targetRef="end">
          <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression" ${language}>${body}</bpmn:conditionExpression>
        </bpmn:sequenceFlow>`);
    expect(await problemsOf(condition('${days &gt;&gt; 3}'))).toEqual([
      '连线「条件线」的条件有误：表达式无法计算：${days >> 3}（第 7 个字符处语法错误：意外的「>」）',
    ]);
    expect(await problemsOf(condition('days &gt; 3'))).toEqual([
      '连线「条件线」的条件必须写成 ${...} 表达式：days > 3',
    ]);
    expect(await problemsOf(condition(''))).toEqual(['连线「条件线」的条件为空']);
    expect(await problemsOf(condition('return true', 'language="groovy"'))).toEqual([
      '连线「条件线」使用了脚本条件（groovy），不允许执行脚本',
    ]);
    expect(await problemsOf(camunda(line('camunda:assignee="${a.b(}"')))).toEqual([
      '用户任务「审批」的处理人（assignee）有误：表达式无法计算：${a.b(}（第 4 个字符处：不支持函数调用）',
    ]);
    expect(await problemsOf(camunda(line('camunda:candidateUsers="1,${x"')))).toEqual([
      '用户任务「审批」的候选人（candidateUsers）有误：表达式无法计算：1,${x（缺少结束的 }）',
    ]);
    expect(await problemsOf(camunda(line('camunda:dueDate="tomorrow"')))).toEqual([
      '用户任务「审批」的到期时间「tomorrow」无法识别（需要 ISO 8601 日期或时长）',
    ]);
  });

  it('normalises multi-instance collections and refuses what cannot be an expression', async () => {
    const multi = (attributes: string, children = '') =>
      camunda(
        line(
          '',
          `<bpmn:multiInstanceLoopCharacteristics ${attributes}>${children}</bpmn:multiInstanceLoopCharacteristics>`,
        ),
      );
    expect(await problemsOf(multi('camunda:collection="signers"'))).toEqual([]);
    expect(await problemsOf(multi('camunda:collection="${form.signers}"'))).toEqual([]);
    expect(await problemsOf(multi(''))).toEqual([]);
    expect(await problemsOf(multi('camunda:collection="1,2,3"'))).toEqual([
      '用户任务「审批」的多实例集合「1,2,3」既不是变量名也不是 ${...} 表达式',
    ]);
    expect(await problemsOf(multi('camunda:collection="${signers} and more"'))).toEqual([
      '用户任务「审批」的多实例集合必须写成 ${...} 表达式：${signers} and more',
    ]);
    expect(await problemsOf(multi('camunda:elementVariable="the user"'))).toEqual([
      '用户任务「审批」的元素变量「the user」不是合法的变量名',
    ]);
    const condition =
      '<bpmn:completionCondition xsi:type="bpmn:tFormalExpression">${nrOfCompletedInstances &gt;=}</bpmn:completionCondition>';
    expect(await problemsOf(multi('camunda:collection="signers"', condition))).toEqual([
      '用户任务「审批」的完成条件有误：表达式无法计算：${nrOfCompletedInstances >=}（表达式不完整）',
    ]);
    expect(await problemsOf(camunda(line('', '<bpmn:standardLoopCharacteristics />')))).toEqual([
      '用户任务「审批」：不支持标准循环，请改用多实例',
    ]);
  });

  it('reports moddle import warnings as problems', async () => {
    const unknownElement = camunda(line()).replace(
      '<bpmn:endEvent id="end" />',
      '<bpmn:endEvent id="end" /><bpmn:oddThing id="x" />',
    );
    expect(await problemsOf(unknownElement)).toEqual([
      expect.stringMatching(/无法识别的元素 <bpmn:OddThing>$/),
    ]);
    expect(await problemsOf(camunda(line('bogus="1"')))).toEqual(['无法识别的属性 <bogus>']);
    const dangling = camunda(line()).replace('targetRef="end"', 'targetRef="nowhere"');
    expect(await problemsOf(dangling)).toContain('引用的元素 <nowhere> 不存在');
  });

  it('refuses timers it cannot schedule, events it cannot deliver and empty sub-processes', async () => {
    const timer = (value: string) =>
      camunda(
        `${line()}<bpmn:boundaryEvent id="b" name="超时" attachedToRef="task"><bpmn:timerEventDefinition><bpmn:timeDuration>${value}</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent><bpmn:sequenceFlow id="fb" sourceRef="b" targetRef="end" />`,
      );
    expect(await problemsOf(timer('PT2S'))).toEqual([]);
    expect(await problemsOf(timer('${timeout}'))).toEqual([]);
    expect(await problemsOf(timer('soon'))).toEqual([
      '边界事件「超时」的定时设置「soon」无法识别（需要 ISO 8601）',
    ]);
    const messageCatch = camunda(`
      <bpmn:startEvent id="start" /><bpmn:intermediateCatchEvent id="m" name="等消息"><bpmn:messageEventDefinition /></bpmn:intermediateCatchEvent><bpmn:endEvent id="end" />
      <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="m" /><bpmn:sequenceFlow id="f2" sourceRef="m" targetRef="end" />`);
    expect(await problemsOf(messageCatch)).toEqual(['中间捕获事件「等消息」只支持定时器事件']);
    const sub = camunda(`
      <bpmn:startEvent id="start" /><bpmn:subProcess id="s" name="子流程一" /><bpmn:endEvent id="end" />
      <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="s" /><bpmn:sequenceFlow id="f2" sourceRef="s" targetRef="end" />`);
    expect(await problemsOf(sub)).toEqual([
      '子流程「子流程一」缺少开始事件',
      '子流程「子流程一」缺少结束事件',
    ]);
  });

  it('accepts listeners naming an allow-listed handler, and runs them', async () => {
    const xml = camunda(`
      <bpmn:extensionElements><camunda:executionListener event="start" delegateExpression="\${auditTrail}" /></bpmn:extensionElements>
      <bpmn:startEvent id="start" />
      <bpmn:userTask id="task" name="审批" camunda:assignee="\${owner}">
        <bpmn:extensionElements>
          <camunda:taskListener event="create" class="auditTrail" />
          <camunda:taskListener event="complete" expression="\${auditTrail}" />
          <camunda:executionListener event="end" class="auditTrail" />
        </bpmn:extensionElements>
      </bpmn:userTask>
      <bpmn:exclusiveGateway id="gw" default="f_no" />
      <bpmn:endEvent id="yes" /><bpmn:endEvent id="no" />
      <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="task" />
      <bpmn:sequenceFlow id="f2" sourceRef="task" targetRef="gw" />
      <bpmn:sequenceFlow id="f_yes" sourceRef="gw" targetRef="yes">
        <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${audited == 4}</bpmn:conditionExpression>
      </bpmn:sequenceFlow>
      <bpmn:sequenceFlow id="f_no" sourceRef="gw" targetRef="no" />`);
    expect(await problemsOf(xml)).toEqual([
      '流程「测试流程」的执行监听器「${auditTrail}」不在允许的监听器列表中',
      '用户任务「审批」的任务监听器「auditTrail」不在允许的监听器列表中',
      '用户任务「审批」的任务监听器「${auditTrail}」不在允许的监听器列表中',
      '用户任务「审批」的执行监听器「auditTrail」不在允许的监听器列表中',
    ]);

    const calls: string[] = [];
    registerListenerHandler('auditTrail', (context: ListenerContext) => {
      calls.push(`${context.activityId}:${context.event}`);
      context.setVariable('audited', ((context.variables.audited as number | undefined) ?? 0) + 1);
    });
    expect(await problemsOf(xml)).toEqual([]);
    expect(await problemsOf(xml.replace('event="create"', 'event="assignment"'))).toEqual([
      '用户任务「审批」的任务监听器事件「assignment」不受支持（可用：create、complete）',
    ]);

    const definition = { id: 'listener-test', xml };
    const started = await start({ definition, variables: { owner: 1 } });
    expect(calls).toEqual(['p:start', 'task:create']);
    const done = await completeTask({
      definition,
      state: JSON.parse(JSON.stringify(started.state)),
      executionId: started.waitingTasks[0]?.executionId ?? '',
    });
    expect(calls).toEqual(['p:start', 'task:create', 'task:complete', 'task:end']);
    expect(done.variables.audited).toBe(4);
    expect(done.endEventId).toBe('yes');
  });

  it('never runs a script: a step compiles the diagram with the deploy checks first', async () => {
    const xml = camunda(`
      <bpmn:startEvent id="start" />
      <bpmn:scriptTask id="script" scriptFormat="javascript"><bpmn:script>globalThis.ran = true;</bpmn:script></bpmn:scriptTask>
      <bpmn:endEvent id="end" />
      <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="script" />
      <bpmn:sequenceFlow id="f2" sourceRef="script" targetRef="end" />`);
    await expect(start({ definition: { id: 'script-never-runs', xml } })).rejects.toMatchObject({
      kind: 'definition',
      message: expect.stringContaining('不允许执行脚本'),
    });
    expect((globalThis as { ran?: boolean }).ran).toBeUndefined();
  });
});
