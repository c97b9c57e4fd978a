import { afterEach, describe, expect, it } from 'vitest';
import {
  type DefinitionSource,
  type EngineState,
  type ListenerContext,
  type StepResult,
  completeCall,
  completeTask,
  compileProcess,
  fireDueTimers,
  registerListenerHandler,
  start,
  unregisterListenerHandler,
} from '../src/bpm/engine/index.js';

/* Flowable's semantics as the executor runs them, one behaviour per test; every step from stored JSON. */

let seq = 0;
const diagram = (body: string, attrs = ''): DefinitionSource => ({
  id: `semantics-${++seq}`,
  xml: `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" id="d" targetNamespace="http://flowable.org/bpmn">
  <process id="p${seq}" isExecutable="true"${attrs}>${body}</process>
</definitions>`,
});
const stored = (result: StepResult) => JSON.parse(JSON.stringify(result.state)) as EngineState;
const waiting = (result: StepResult) => result.waitingTasks.map((t) => t.activityId);
const taskOf = (result: StepResult, activityId: string, nth = 0) => {
  const task = result.waitingTasks.filter((t) => t.activityId === activityId)[nth];
  if (!task) throw new Error(`no waiting ${activityId}`);
  return task.executionId;
};
const complete = (definition: DefinitionSource, result: StepResult, activityId: string, variables = {}) =>
  completeTask({ definition, state: stored(result), executionId: taskOf(result, activityId), variables });
const flow = (id: string, from: string, to: string, condition?: string) =>
  condition
    ? `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"><conditionExpression>${condition}</conditionExpression></sequenceFlow>`
    : `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}" />`;

describe('bpm executor: gateways', () => {
  const exclusive = diagram(`
    <startEvent id="start" /><exclusiveGateway id="gw" />
    <userTask id="a" /><userTask id="b" /><endEvent id="end" />
    ${flow('f0', 'start', 'gw')}
    ${flow('fa', 'gw', 'a', '${n &gt; 1}')}${flow('fb', 'gw', 'b', '${n &gt; 0}')}
    ${flow('f1', 'a', 'end')}${flow('f2', 'b', 'end')}`);

  it('an exclusive gateway takes the first true flow in XML order, and only that one', async () => {
    expect(waiting(await start({ definition: exclusive, variables: { n: 5 } }))).toEqual(['a']);
    expect(waiting(await start({ definition: exclusive, variables: { n: 1 } }))).toEqual(['b']);
  });

  it('an exclusive gateway with no true flow and no default fails loudly', async () => {
    await expect(start({ definition: exclusive, variables: { n: 0 } })).rejects.toMatchObject({
      kind: 'engine',
      message: expect.stringContaining('出线条件都不成立'),
    });
  });

  const inclusive = diagram(`
    <startEvent id="start" /><inclusiveGateway id="fork" default="f_c" />
    <userTask id="a" /><userTask id="b" /><userTask id="c" />
    <inclusiveGateway id="join" /><userTask id="after" /><endEvent id="end" />
    ${flow('f0', 'start', 'fork')}
    ${flow('f_a', 'fork', 'a', '${amount &gt; 100}')}${flow('f_b', 'fork', 'b', '${urgent}')}${flow('f_c', 'fork', 'c')}
    ${flow('f1', 'a', 'join')}${flow('f2', 'b', 'join')}${flow('f3', 'c', 'join')}
    ${flow('f4', 'join', 'after')}${flow('f5', 'after', 'end')}`);

  it('an inclusive gateway takes every true flow; its join waits for exactly those', async () => {
    let result = await start({ definition: inclusive, variables: { amount: 500, urgent: true } });
    expect(waiting(result)).toEqual(['a', 'b']);
    result = await complete(inclusive, result, 'b');
    expect(waiting(result)).toEqual(['a']);
    result = await complete(inclusive, result, 'a');
    expect(waiting(result)).toEqual(['after']);
    expect(result.history.filter((h) => h.activityId === 'join')).toHaveLength(1);
  });

  it('an inclusive gateway with no true flow takes its default; one true flow joins at once', async () => {
    let result = await start({ definition: inclusive, variables: { amount: 5, urgent: false } });
    expect(waiting(result)).toEqual(['c']);
    result = await complete(inclusive, result, 'c');
    expect(waiting(result)).toEqual(['after']);
    result = await start({ definition: inclusive, variables: { amount: 500, urgent: false } });
    expect(waiting(await complete(inclusive, result, 'a'))).toEqual(['after']);
  });

  it('a parallel gateway takes every outgoing flow and ignores their conditions', async () => {
    const definition = diagram(`
      <startEvent id="start" /><parallelGateway id="fork" />
      <userTask id="a" /><userTask id="b" /><parallelGateway id="join" /><endEvent id="end" />
      ${flow('f0', 'start', 'fork')}${flow('f_a', 'fork', 'a', '${false}')}${flow('f_b', 'fork', 'b')}
      ${flow('f1', 'a', 'join')}${flow('f2', 'b', 'join')}${flow('f3', 'join', 'end')}`);
    let result = await start({ definition });
    expect(waiting(result)).toEqual(['a', 'b']);
    result = await complete(definition, result, 'a');
    expect(result.status).toBe('running');
    result = await complete(definition, result, 'b');
    expect(result.status).toBe('completed');
  });
});

describe('bpm executor: multi-instance', () => {
  const loop = (characteristics: string) =>
    diagram(`
      <startEvent id="start" />
      <userTask id="sign" flowable:assignee="\${user}">${characteristics}</userTask>
      <endEvent id="end" />${flow('f0', 'start', 'sign')}${flow('f1', 'sign', 'end')}`);

  it('counts a cardinality: loopCounter is each iteration index, the counters move with completions', async () => {
    const seen: Record<string, unknown>[] = [];
    const definition = diagram(`
      <startEvent id="start" />
      <userTask id="sign" flowable:assignee="u\${loopCounter}">
        <multiInstanceLoopCharacteristics isSequential="true"><loopCardinality>\${3}</loopCardinality>
          <completionCondition>\${nrOfCompletedInstances == 2 and nrOfActiveInstances == 0}</completionCondition>
        </multiInstanceLoopCharacteristics>
      </userTask>
      <endEvent id="end" />${flow('f0', 'start', 'sign')}${flow('f1', 'sign', 'end')}`);
    let result = await start({ definition });
    for (;;) {
      seen.push(...result.waitingTasks.map((t) => ({ assignee: t.assignee, index: t.multiInstance?.index })));
      if (result.status === 'completed') break;
      result = await complete(definition, result, 'sign');
    }
    expect(seen).toEqual([
      { assignee: 'u0', index: 0 },
      { assignee: 'u1', index: 1 },
    ]);
  });

  it('a completion condition that is not a boolean fails loudly', async () => {
    const definition = loop(
      '<multiInstanceLoopCharacteristics flowable:collection="${users}"><completionCondition>${nrOfCompletedInstances}</completionCondition></multiInstanceLoopCharacteristics>',
    );
    const result = await start({ definition, variables: { users: ['a', 'b'] } });
    await expect(complete(definition, result, 'sign')).rejects.toMatchObject({
      kind: 'expression',
      message: expect.stringContaining('完成条件'),
    });
  });

  it('an empty collection completes the activity at once', async () => {
    const definition = loop('<multiInstanceLoopCharacteristics flowable:collection="${users}" />');
    const result = await start({ definition, variables: { users: [] } });
    expect(result.status).toBe('completed');
  });
});

describe('bpm executor: timers', () => {
  const HOUR = 3_600_000;

  it('a timeDate boundary fires at its date', async () => {
    const at = new Date(Date.now() + 5 * HOUR).toISOString();
    const definition = diagram(`
      <startEvent id="start" /><userTask id="task" />
      <boundaryEvent id="deadline" attachedToRef="task"><timerEventDefinition><timeDate>${at}</timeDate></timerEventDefinition></boundaryEvent>
      <endEvent id="done" /><endEvent id="late" />
      ${flow('f0', 'start', 'task')}${flow('f1', 'task', 'done')}${flow('f2', 'deadline', 'late')}`);
    const started = await start({ definition });
    expect(started.timers.map((t) => t.expireAt)).toEqual([Date.parse(at)]);
    const early = await fireDueTimers({ definition, state: stored(started), now: Date.parse(at) - 1 });
    expect(early.status).toBe('running');
    const late = await fireDueTimers({ definition, state: stored(started), now: Date.parse(at) });
    expect(late.endEventId).toBe('late');
    expect(late.cancelledTasks.map((t) => t.activityId)).toEqual(['task']);
  });

  it('a non-interrupting cycle reminds three times and leaves the task waiting', async () => {
    const definition = diagram(`
      <startEvent id="start" /><userTask id="task" />
      <boundaryEvent id="remind" attachedToRef="task" cancelActivity="false"><timerEventDefinition><timeCycle>R3/PT1H</timeCycle></timerEventDefinition></boundaryEvent>
      <userTask id="reminded" /><endEvent id="done" /><endEvent id="noted" />
      ${flow('f0', 'start', 'task')}${flow('f1', 'task', 'done')}${flow('f2', 'remind', 'reminded')}${flow('f3', 'reminded', 'noted')}`);
    let result = await start({ definition });
    const begun = result.timers[0]!.expireAt - HOUR;
    result = await fireDueTimers({ definition, state: stored(result), now: begun + 2.5 * HOUR });
    expect(waiting(result)).toEqual(['task', 'reminded', 'reminded']);
    expect(result.timers.map((t) => t.expireAt)).toEqual([begun + 3 * HOUR]);
    result = await fireDueTimers({ definition, state: stored(result), now: begun + 10 * HOUR });
    expect(waiting(result)).toEqual(['task', 'reminded', 'reminded', 'reminded']);
    expect(result.timers).toEqual([]);
    result = await complete(definition, result, 'task');
    expect(waiting(result)).toEqual(['reminded', 'reminded', 'reminded']);
  });

  it('a boundary timer on a sub-process ends everything inside it', async () => {
    const definition = diagram(`
      <startEvent id="start" />
      <subProcess id="review" name="评审">
        <startEvent id="s_start" /><parallelGateway id="s_fork" /><userTask id="legal" /><userTask id="finance" />
        <parallelGateway id="s_join" /><endEvent id="s_end" />
        ${flow('s0', 's_start', 's_fork')}${flow('s1', 's_fork', 'legal')}${flow('s2', 's_fork', 'finance')}
        ${flow('s3', 'legal', 's_join')}${flow('s4', 'finance', 's_join')}${flow('s5', 's_join', 's_end')}
      </subProcess>
      <boundaryEvent id="too_long" attachedToRef="review"><timerEventDefinition><timeDuration>P1D</timeDuration></timerEventDefinition></boundaryEvent>
      <userTask id="archive" /><endEvent id="end" /><endEvent id="expired" />
      ${flow('f0', 'start', 'review')}${flow('f1', 'review', 'archive')}${flow('f2', 'archive', 'end')}${flow('f3', 'too_long', 'expired')}`);
    let result = await start({ definition });
    expect(waiting(result)).toEqual(['legal', 'finance']);
    result = await complete(definition, result, 'legal');
    result = await fireDueTimers({ definition, state: stored(result), now: Date.now() + 2 * 24 * HOUR });
    expect(result.status).toBe('completed');
    expect(result.endEventId).toBe('expired');
    expect(result.cancelledTasks.map((t) => t.activityId)).toEqual(['finance']);
    expect(result.history.find((h) => h.activityId === 'review')?.endTime).not.toBeNull();
  });
});

describe('bpm executor: sub-processes, terminate, initiator, listeners', () => {
  it('an embedded sub-process runs its own tokens and completes when they end', async () => {
    const definition = diagram(`
      <startEvent id="start" />
      <subProcess id="sub"><startEvent id="s_start" /><userTask id="inner" /><endEvent id="s_end" />
        ${flow('s0', 's_start', 'inner')}${flow('s1', 'inner', 's_end')}</subProcess>
      <userTask id="after" /><endEvent id="end" />
      ${flow('f0', 'start', 'sub')}${flow('f1', 'sub', 'after')}${flow('f2', 'after', 'end')}`);
    let result = await start({ definition });
    expect(waiting(result)).toEqual(['inner']);
    expect(result.history.find((h) => h.activityId === 'sub')?.endTime).toBeNull();
    result = await complete(definition, result, 'inner');
    expect(waiting(result)).toEqual(['after']);
    expect(result.history.map((h) => [h.activityId, h.endTime !== null]).sort()).toEqual([
      ['after', false],
      ['inner', true],
      ['s_end', true],
      ['sub', true],
    ]);
  });

  it('a terminate end event inside a sub-process ends only that sub-process', async () => {
    const definition = diagram(`
      <startEvent id="start" /><parallelGateway id="fork" />
      <subProcess id="sub"><startEvent id="s_start" /><parallelGateway id="s_fork" /><userTask id="x" /><userTask id="y" />
        <endEvent id="s_stop"><terminateEventDefinition /></endEvent><endEvent id="s_end" />
        ${flow('s0', 's_start', 's_fork')}${flow('s1', 's_fork', 'x')}${flow('s2', 's_fork', 'y')}${flow('s3', 'x', 's_stop')}${flow('s4', 'y', 's_end')}</subProcess>
      <userTask id="outside" /><parallelGateway id="join" /><endEvent id="end" />
      ${flow('f0', 'start', 'fork')}${flow('f1', 'fork', 'sub')}${flow('f2', 'fork', 'outside')}
      ${flow('f3', 'sub', 'join')}${flow('f4', 'outside', 'join')}${flow('f5', 'join', 'end')}`);
    let result = await start({ definition });
    expect(waiting(result)).toEqual(['outside', 'x', 'y']);
    result = await complete(definition, result, 'x');
    expect(waiting(result)).toEqual(['outside']);
    expect(result.cancelledTasks.map((t) => t.activityId)).toEqual(['y']);
    result = await complete(definition, result, 'outside');
    expect(result.status).toBe('completed');
  });

  it('sets the initiator variable the start event names', async () => {
    const definition = diagram(`
      <startEvent id="start" flowable:initiator="applicant" /><userTask id="back" flowable:assignee="\${applicant}" /><endEvent id="end" />
      ${flow('f0', 'start', 'back')}${flow('f1', 'back', 'end')}`);
    const result = await start({ definition, initiator: 42 });
    expect(result.variables.applicant).toBe(42);
    expect(result.waitingTasks[0]?.assignee).toBe(42);
  });

  afterEach(() => unregisterListenerHandler('flowTaken'));

  it('runs the take listeners of the sequence flows it takes', async () => {
    const taken: string[] = [];
    registerListenerHandler('flowTaken', (context: ListenerContext) => {
      taken.push(`${context.event}:${context.activityId}`);
      context.setVariable('taken', taken.length);
    });
    const definition = diagram(`
      <startEvent id="start" /><exclusiveGateway id="gw" default="f_no" /><endEvent id="yes" /><endEvent id="no" />
      <sequenceFlow id="f0" sourceRef="start" targetRef="gw"><extensionElements><flowable:executionListener class="flowTaken" /></extensionElements></sequenceFlow>
      <sequenceFlow id="f_yes" sourceRef="gw" targetRef="yes"><extensionElements><flowable:executionListener event="take" expression="\${flowTaken}" /></extensionElements><conditionExpression>\${go}</conditionExpression></sequenceFlow>
      <sequenceFlow id="f_no" sourceRef="gw" targetRef="no"><extensionElements><flowable:executionListener class="flowTaken" /></extensionElements></sequenceFlow>`);
    const result = await start({ definition, variables: { go: true } });
    expect(taken).toEqual(['take:f0', 'take:f_yes']);
    expect(result.variables.taken).toBe(2);
  });

  it('a loop without a wait state fails instead of spinning', async () => {
    const definition = diagram(`
      <startEvent id="start" /><exclusiveGateway id="gw" /><task id="again" /><endEvent id="end" />
      ${flow('f0', 'start', 'gw')}${flow('f1', 'gw', 'again', '${true}')}${flow('f2', 'gw', 'end', '${false}')}${flow('f3', 'again', 'gw')}`);
    await expect(start({ definition })).rejects.toMatchObject({
      kind: 'engine',
      message: expect.stringContaining('无限循环'),
    });
  });
});

describe('bpm executor: call activities', () => {
  const caller = diagram(`
    <startEvent id="start" />
    <callActivity id="call" name="采购子流程" calledElement="\${childKey}">
      <extensionElements>
        <flowable:in source="amount" target="total" />
        <flowable:in sourceExpression="\${amount * 2}" target="double" />
        <flowable:out source="verdict" target="childVerdict" />
      </extensionElements>
    </callActivity>
    <userTask id="after" /><endEvent id="end" />
    ${flow('f0', 'start', 'call')}${flow('f1', 'call', 'after')}${flow('f2', 'after', 'end')}`);

  it('asks for the called process with the in mappings, waits, and takes the out mappings back', async () => {
    let result = await start({
      definition: caller,
      variables: { childKey: 'purchase', amount: 21, secret: 1 },
    });
    expect(result.calls).toEqual([
      {
        executionId: expect.any(String),
        activityId: 'call',
        processKey: 'purchase',
        variables: { total: 21, double: 42 },
      },
    ]);
    expect(result.waitingTasks).toEqual([]);
    expect(result.history.find((h) => h.activityId === 'call')).toMatchObject({ endTime: null });
    const executionId = result.calls[0]!.executionId;
    result = await completeCall({
      definition: caller,
      state: stored(result),
      executionId,
      variables: { verdict: 'ok', total: 99 },
    });
    expect(waiting(result)).toEqual(['after']);
    expect(result.variables).toMatchObject({ childVerdict: 'ok', amount: 21 });
    expect(result.variables).not.toHaveProperty('total');
    expect(result.history.find((h) => h.activityId === 'call')).toMatchObject({
      reported: true,
      outgoing: ['f1'],
    });
    await expect(
      completeCall({ definition: caller, state: stored(result), executionId, variables: {} }),
    ).rejects.toMatchObject({ message: expect.stringContaining('调用活动已不在等待子流程') });
  });

  it('passes every variable with inheritVariables or variables="all", both ways', async () => {
    const all = diagram(`
      <startEvent id="start" />
      <callActivity id="call" calledElement="child" flowable:inheritVariables="true">
        <extensionElements><flowable:out variables="all" /></extensionElements>
      </callActivity>
      <endEvent id="end" />${flow('f0', 'start', 'call')}${flow('f1', 'call', 'end')}`);
    let result = await start({ definition: all, variables: { a: 1, b: [2] } });
    expect(result.calls[0]?.variables).toEqual({ a: 1, b: [2] });
    result = await completeCall({
      definition: all,
      state: stored(result),
      executionId: result.calls[0]!.executionId,
      variables: { a: 5, c: 'x' },
    });
    expect(result.status).toBe('completed');
    expect(result.variables).toEqual({ a: 5, b: [2], c: 'x' });
  });

  it('reports a waiting call activity as cancelled when a terminate end event ends the process', async () => {
    const racing = diagram(`
      <startEvent id="start" /><parallelGateway id="fork" />
      <callActivity id="call" calledElement="child" /><userTask id="stop" />
      <endEvent id="end" /><endEvent id="kill"><terminateEventDefinition /></endEvent>
      ${flow('f0', 'start', 'fork')}${flow('f1', 'fork', 'call')}${flow('f2', 'fork', 'stop')}
      ${flow('f3', 'call', 'end')}${flow('f4', 'stop', 'kill')}`);
    let result = await start({ definition: racing });
    const call = result.calls[0]!;
    result = await complete(racing, result, 'stop');
    expect(result.status).toBe('completed');
    expect(result.cancelledCalls).toEqual([{ executionId: call.executionId, activityId: 'call' }]);
    expect(result.calls).toEqual([]);
  });

  it('deploy refuses a call activity without a called process or with a half mapping', async () => {
    const broken = diagram(`
      <startEvent id="start" />
      <callActivity id="call" name="子流程">
        <extensionElements><flowable:in source="a" /></extensionElements>
      </callActivity>
      <endEvent id="end" />${flow('f0', 'start', 'call')}${flow('f1', 'call', 'end')}`);
    await expect(compileProcess(broken.xml)).rejects.toMatchObject({
      problems: [
        '调用活动「子流程」缺少被调用流程的标识（calledElement）',
        '调用活动「子流程」的输入参数需要来源（source 或 sourceExpression）和目标（target）',
      ],
    });
  });
});
