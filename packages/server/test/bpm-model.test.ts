import type {
  BpmModel,
  BpmModelPageItem,
  BpmProcessDefinition,
  BpmProcessDefinitionPageItem,
  BpmTaskAssignRule,
  PageResult,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BpmnCompileError, compileProcess, readProcessOutline } from '../src/bpm/engine/index.js';
import { OA_LEAVE_BPMN } from '../src/db/seed-data/bpm-oa-leave.js';
import { addTenantAdmin, diagram, multipart } from './bpm-fixture.js';
import { type ApiCall, createTestApp, DIALECTS, type TestApp } from './helper.js';

const conf = JSON.stringify({ type: 'default' });
const CUSTOM_FORM = {
  formType: 20,
  formCustomCreatePath: '/bpm/oa/leave/create',
  formCustomViewPath: '/bpm/oa/leave/detail',
};

describe('the seeded oa_leave diagram', () => {
  it('is accepted by the engine as the leave flow', async () => {
    const outline = await compileProcess(OA_LEAVE_BPMN);
    expect(outline).toMatchObject({ key: 'oa_leave', name: 'OA 请假' });
    expect(outline.userTasks.map((task) => [task.id, task.name])).toEqual([
      ['leaderApprove', '领导审批'],
      ['directorApprove', '总监审批'],
    ]);
  });
});

describe.each(DIALECTS)('bpm models and definitions on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let other: Awaited<ReturnType<typeof addTenantAdmin>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.login()).accessToken;
    operator = (await t.login('operator', 'operator123')).accessToken;
    other = await addTenantAdmin(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    input: { query?: Record<string, string>; body?: unknown } = {},
  ) => t.api({ method, path, ...input, token: admin });
  const createModel = async (key: string, name: string, extra: Record<string, unknown> = {}) => {
    const res = await call('POST', '/bpm/model/create', { body: { key, name, ...extra } });
    expect(res.code, res.msg).toBe(0);
    return res.data as string;
  };
  const update = (body: Record<string, unknown>) => call('PUT', '/bpm/model/update', { body });
  const deploy = (id: string) => call('POST', '/bpm/model/deploy', { query: { id } });
  const getModel = async (id: string) =>
    (await call('GET', '/bpm/model/get', { query: { id } })).data as BpmModel;
  const modelItem = async (key: string) =>
    ((await call('GET', '/bpm/model/page', { query: { key } })).data as PageResult<BpmModelPageItem>)
      .list[0]!;
  const definitionsOf = async (key: string) =>
    (
      (await call('GET', '/bpm/process-definition/page', { query: { key } }))
        .data as PageResult<BpmProcessDefinitionPageItem>
    ).list;
  const rulesOf = async (query: Record<string, string>) =>
    (await call('GET', '/bpm/task-assign-rule/list', { query })).data as BpmTaskAssignRule[];
  const addRule = async (modelId: string, taskDefinitionKey: string, options: number[], type = 30) => {
    const res = await call('POST', '/bpm/task-assign-rule/create', {
      body: { modelId, taskDefinitionKey, type, options },
    });
    expect(res.code, res.msg).toBe(0);
    return res.data as number;
  };

  it('creates a model with a starter diagram and reads it back', async () => {
    const id = await createModel('leave_simple', '简单请假', { description: '说明', category: '1' });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const model = await getModel(id);
    expect(model).toMatchObject({
      id,
      key: 'leave_simple',
      name: '简单请假',
      description: '说明',
      category: '1',
      formType: null,
      formId: null,
      formCustomCreatePath: null,
      formCustomViewPath: null,
      createTime: expect.any(Number),
    });
    const outline = await readProcessOutline(model.bpmnXml!);
    expect(outline).toMatchObject({ key: 'leave_simple', name: '简单请假', userTasks: [] });
    expect(outline.nodes.map((n) => n.type)).toEqual(['bpmn:StartEvent']);
    // Names with XML characters survive the starter diagram.
    const tricky = await createModel('tricky', '报销 <A&B> "审批"');
    expect((await readProcessOutline((await getModel(tricky)).bpmnXml!)).name).toBe('报销 <A&B> "审批"');
  });

  it('checks keys and names', async () => {
    for (const key of ['1abc', 'a b', '流程', 'a:b'])
      expect(await call('POST', '/bpm/model/create', { body: { key, name: '坏标识' } }), key).toMatchObject({
        code: 1_009_002_002,
        msg: '流程标识格式不正确，需要以字母或下划线开头，后接任意字母、数字、中划线、下划线、句点！',
      });
    await createModel('_dup-key.v1$', '重复');
    expect(
      await call('POST', '/bpm/model/create', { body: { key: '_dup-key.v1$', name: '又一个' } }),
    ).toMatchObject({
      code: 1_009_002_000,
      msg: '流程标识已存在',
    });
    const noName = await call('POST', '/bpm/model/create', { body: { key: 'no_name', name: ' ' } });
    expect(noName).toMatchObject({ code: 400 });
    expect(noName.msg).toContain('流程名称不能为空');
    expect((await call('POST', '/bpm/model/create', { body: { name: '无标识' } })).msg).toContain(
      '流程标识不能为空',
    );
    expect((await call('GET', '/bpm/model/page', { query: { name: '坏标识' } })).data).toMatchObject({
      total: 0,
    });
  });

  it('pages models with their form name and latest definition', async () => {
    const formId = (
      await call('POST', '/bpm/form/create', { body: { name: '出差表单', status: 0, conf, fields: [] } })
    ).data as number;
    const id = await createModel('trip', '出差申请', { category: '2' });
    expect(await update({ id, formType: 10, formId })).toMatchObject({ code: 0 });
    const page = (await call('GET', '/bpm/model/page', { query: { name: '出差' } }))
      .data as PageResult<BpmModelPageItem>;
    expect(page.total).toBe(1);
    expect(page.list[0]).toEqual({
      id,
      key: 'trip',
      name: '出差申请',
      description: null,
      category: '2',
      formType: 10,
      formId,
      formCustomCreatePath: null,
      formCustomViewPath: null,
      formName: '出差表单',
      createTime: expect.any(Number),
      processDefinition: null,
    });
    const byCategory = (await call('GET', '/bpm/model/page', { query: { category: '2' } }))
      .data as PageResult<BpmModelPageItem>;
    expect(byCategory.list.map((m) => m.key).sort()).toEqual(['oa_leave', 'trip']);
    // key is exact, not a prefix
    expect((await call('GET', '/bpm/model/page', { query: { key: 'tri' } })).data).toMatchObject({
      total: 0,
    });
  });

  it('updates only what is sent and checks the form binding', async () => {
    const id = await createModel('partial', '部分更新', { description: '原说明' });
    const xml = diagram('partial', '部分更新', [{ id: 'approve', name: '审批' }]);
    expect(await update({ id, bpmnXml: xml })).toMatchObject({ code: 0, data: true });
    expect(await getModel(id)).toMatchObject({ name: '部分更新', description: '原说明', bpmnXml: xml });
    expect(await update({ id, name: '改名', description: null, ...CUSTOM_FORM })).toMatchObject({ code: 0 });
    expect(await getModel(id)).toMatchObject({
      name: '改名',
      description: null,
      bpmnXml: xml,
      ...CUSTOM_FORM,
      formId: null,
    });
    expect(await update({ id, formType: null })).toMatchObject({ code: 0 });
    expect(await getModel(id)).toMatchObject({
      formType: null,
      formCustomCreatePath: null,
      formCustomViewPath: null,
    });

    expect(await update({ id, formType: 10, formId: 99999 })).toMatchObject({
      code: 1_009_010_000,
      msg: '动态表单不存在',
    });
    const bad: [Record<string, unknown>, string][] = [
      [{ id, formType: 10 }, '流程表单不能为空'],
      [{ id, formType: 20, formCustomCreatePath: '/a' }, '表单查看地址不能为空'],
      [
        { id, formType: 20, formCustomCreatePath: 'a', formCustomViewPath: '/b' },
        '表单提交路由必须以 / 开头',
      ],
      [{ id, formType: 30 }, '表单类型必须是 10（流程表单）或 20（业务表单）'],
      [{ id, name: '' }, '流程名称不能为空'],
      [{ id, bpmnXml: '<definitions' }, '流程图无法解析'],
      [{ name: '无编号' }, '流程模型编号不能为空'],
    ];
    for (const [body, message] of bad) {
      const res = await update(body);
      expect(res.code, message).toBe(400);
      expect(res.msg).toContain(message);
    }
    expect(await getModel(id)).toMatchObject({ name: '改名', formType: null, bpmnXml: xml });
    expect(await update({ id: 'missing', name: 'x' })).toMatchObject({
      code: 1_009_002_001,
      msg: '流程模型不存在',
    });
    expect(await call('GET', '/bpm/model/get', { query: { id: 'missing' } })).toMatchObject({
      code: 1_009_002_001,
    });
  });

  it('deploys with the reference checks in order', async () => {
    expect(await deploy('missing')).toMatchObject({ code: 1_009_002_001 });
    const id = await createModel('expense', '报销审批');
    // 1. form not configured
    expect(await deploy(id)).toMatchObject({
      code: 1_009_002_003,
      msg: '部署流程失败，原因：流程表单未配置，请点击【修改流程】按钮进行配置',
    });
    // a bound form deleted since
    const formId = (
      await call('POST', '/bpm/form/create', { body: { name: '临时表单', status: 0, conf, fields: [] } })
    ).data as number;
    await update({ id, formType: 10, formId });
    await call('DELETE', '/bpm/form/delete', { query: { id: String(formId) } });
    expect(await deploy(id)).toMatchObject({ code: 1_009_010_000 });
    await update({ id, ...CUSTOM_FORM });

    // 2. every user task needs a rule with options
    const tasks = [
      { id: 'manager', name: '经理审批' },
      { id: 'finance', name: '财务审批' },
    ];
    await update({ id, bpmnXml: diagram('expense', '报销审批', tasks) });
    expect(await deploy(id)).toMatchObject({
      code: 1_009_002_004,
      msg: '部署流程失败，原因：用户任务(经理审批)未配置分配规则，请点击【修改流程】按钮进行配置',
    });
    await addRule(id, 'manager', [1]);
    const financeRule = await addRule(id, 'finance', []);
    expect((await deploy(id)).msg).toContain('用户任务(财务审批)未配置分配规则');
    await call('PUT', '/bpm/task-assign-rule/update', {
      body: { id: financeRule, type: 30, options: [1, 2] },
    });

    // 3. the engine must accept the diagram
    const scripted = diagram('expense', '报销审批', tasks).replace(
      '<endEvent id="end" />',
      '<endEvent id="end" /><scriptTask id="script" scriptFormat="javascript"><script>1</script></scriptTask>',
    );
    await update({ id, bpmnXml: scripted });
    const problems = await compileProcess(scripted).then(
      () => [],
      (error: BpmnCompileError) => error.problems,
    );
    expect(problems.length).toBeGreaterThan(0);
    expect(await deploy(id)).toMatchObject({
      code: 1_009_002_005,
      msg: `部署流程失败，原因：${problems.join('；')}`,
    });

    // 4. key and name must be the model's
    await update({ id, bpmnXml: diagram('expense2', '报销审批', tasks) });
    expect(await deploy(id)).toMatchObject({
      code: 1_009_003_000,
      msg: '流程定义的标识期望是(expense)，当前是(expense2)，请修改 BPMN 流程图',
    });
    await update({ id, bpmnXml: diagram('expense', '报销', tasks) });
    expect(await deploy(id)).toMatchObject({
      code: 1_009_003_001,
      msg: '流程定义的名字期望是(报销审批)，当前是(报销)，请修改 BPMN 流程图',
    });
    expect(await definitionsOf('expense')).toEqual([]);

    // success: version 1, active, rules copied
    const xml = diagram('expense', '报销审批', tasks);
    await update({ id, bpmnXml: xml, description: '报销流程', category: '1' });
    expect(await deploy(id)).toMatchObject({ code: 0, data: true });
    const [v1] = await definitionsOf('expense');
    expect(v1).toEqual({
      id: expect.stringMatching(/^expense:1:[0-9a-f-]{36}$/),
      key: 'expense',
      version: 1,
      name: '报销审批',
      description: '报销流程',
      category: '1',
      ...CUSTOM_FORM,
      formId: null,
      formConf: null,
      formFields: null,
      formName: null,
      suspensionState: 1,
      deploymentTime: t.clock.now,
    });
    expect((await modelItem('expense')).processDefinition).toEqual({
      id: v1!.id,
      version: 1,
      deploymentTime: t.clock.now,
      suspensionState: 1,
    });
    expect(await rulesOf({ processDefinitionId: v1!.id })).toEqual([
      {
        id: expect.any(Number),
        modelId: id,
        processDefinitionId: v1!.id,
        taskDefinitionKey: 'manager',
        taskDefinitionName: '经理审批',
        type: 30,
        options: [1],
      },
      {
        id: expect.any(Number),
        modelId: id,
        processDefinitionId: v1!.id,
        taskDefinitionKey: 'finance',
        taskDefinitionName: '财务审批',
        type: 30,
        options: [1, 2],
      },
    ]);
    expect((await call('GET', '/bpm/process-definition/get-bpmn-xml', { query: { id: v1!.id } })).data).toBe(
      xml,
    );

    // 5. nothing changed
    expect(await deploy(id)).toMatchObject({
      code: 1_009_003_005,
      msg: '流程定义部署失败，原因：信息未发生变化',
    });
  });

  it('versions each deploy and suspends the previous one', async () => {
    const id = await createModel('purchase', '采购审批');
    await update({
      id,
      ...CUSTOM_FORM,
      bpmnXml: diagram('purchase', '采购审批', [{ id: 'boss', name: '老板审批' }]),
    });
    const ruleId = await addRule(id, 'boss', [1]);
    t.clock.now += 1000;
    expect((await deploy(id)).code).toBe(0);

    // a rule change counts as a change
    t.clock.now += 1000;
    await call('PUT', '/bpm/task-assign-rule/update', { body: { id: ruleId, type: 30, options: [1, 2] } });
    expect((await deploy(id)).code).toBe(0);
    let versions = await definitionsOf('purchase');
    expect(versions.map((d) => [d.version, d.suspensionState])).toEqual([
      [2, 1],
      [1, 2],
    ]);
    expect(versions[0]!.deploymentTime).toBe(t.clock.now);

    // so does a form change: a process form's conf and fields are copied into the definition
    const fields = [JSON.stringify({ type: 'textfield', key: 'amount', label: '金额' })];
    const formId = (
      await call('POST', '/bpm/form/create', { body: { name: '采购单', status: 0, conf, fields } })
    ).data as number;
    await update({ id, formType: 10, formId });
    expect((await deploy(id)).code).toBe(0);
    versions = await definitionsOf('purchase');
    expect(versions[0]).toMatchObject({
      version: 3,
      formType: 10,
      formId,
      formName: '采购单',
      formConf: conf,
      formFields: fields,
      formCustomCreatePath: null,
      formCustomViewPath: null,
      suspensionState: 1,
    });
    expect(versions.map((d) => d.suspensionState)).toEqual([1, 2, 2]);
    // editing the form afterwards is a change too
    await call('PUT', '/bpm/form/update', {
      body: { id: formId, name: '采购单', status: 0, conf, fields: [] },
    });
    expect((await deploy(id)).code).toBe(0);
    expect((await definitionsOf('purchase'))[0]).toMatchObject({ version: 4, formFields: [] });

    // the start page sees only active versions
    const active = (await call('GET', '/bpm/process-definition/list', { query: { suspensionState: '1' } }))
      .data as BpmProcessDefinition[];
    expect(active.filter((d) => d.id.startsWith('purchase:')).map((d) => d.version)).toEqual([4]);
    expect(Object.keys(active[0]!).sort()).toEqual(
      [
        'id',
        'key',
        'version',
        'name',
        'description',
        'category',
        'formType',
        'formId',
        'formConf',
        'formFields',
        'formCustomCreatePath',
        'formCustomViewPath',
        'suspensionState',
      ].sort(),
    );
    const suspended = (await call('GET', '/bpm/process-definition/list', { query: { suspensionState: '2' } }))
      .data as BpmProcessDefinition[];
    expect(suspended.filter((d) => d.id.startsWith('purchase:')).map((d) => d.version)).toEqual([3, 2, 1]);
    const all = (await call('GET', '/bpm/process-definition/list')).data as BpmProcessDefinition[];
    expect(all.filter((d) => d.id.startsWith('purchase:'))).toHaveLength(4);
    expect(
      (await call('GET', '/bpm/process-definition/list', { query: { suspensionState: '3' } })).code,
    ).toBe(400);
    const paged = (
      await call('GET', '/bpm/process-definition/page', {
        query: { key: 'purchase', pageSize: '2', pageNo: '2' },
      })
    ).data as PageResult<BpmProcessDefinitionPageItem>;
    expect(paged.total).toBe(4);
    expect(paged.list.map((d) => d.version)).toEqual([2, 1]);
  });

  it('answers simultaneous deploys of one model without a system error', async () => {
    const id = await createModel('race', '并发发布');
    await update({ id, ...CUSTOM_FORM, bpmnXml: diagram('race', '并发发布', []) });
    const codes = (await Promise.all([deploy(id), deploy(id), deploy(id)])).map((r) => r.code);
    // Each either deployed, lost the race for the version number (423) or found nothing new.
    for (const code of codes) expect([0, 423, 1_009_003_005]).toContain(code);
    const deployed = codes.filter((c) => c === 0).length;
    expect(deployed).toBeGreaterThan(0);
    const versions = (await definitionsOf('race')).map((d) => d.version);
    expect(versions).toEqual(Array.from({ length: deployed }, (_, i) => deployed - i));
    expect((await definitionsOf('race')).filter((d) => d.suspensionState === 1)).toHaveLength(1);
  });

  it('activates and suspends the latest definition', async () => {
    const id = await createModel('state_demo', '状态演示');
    expect(await call('PUT', '/bpm/model/update-state', { body: { id, state: 2 } })).toMatchObject({
      code: 1_009_003_002,
      msg: '流程定义不存在',
    });
    // The starter diagram has no end event yet: the engine refuses it.
    await update({ id, ...CUSTOM_FORM });
    expect((await deploy(id)).msg).toMatch(/^部署流程失败，原因：.+/);
    await update({ id, bpmnXml: diagram('state_demo', '状态演示', []) });
    expect((await deploy(id)).code).toBe(0);
    expect(await call('PUT', '/bpm/model/update-state', { body: { id, state: 2 } })).toMatchObject({
      code: 0,
      data: true,
    });
    expect((await modelItem('state_demo')).processDefinition?.suspensionState).toBe(2);
    expect((await call('PUT', '/bpm/model/update-state', { body: { id, state: 1 } })).code).toBe(0);
    expect((await modelItem('state_demo')).processDefinition?.suspensionState).toBe(1);
    const bad = await call('PUT', '/bpm/model/update-state', { body: { id, state: 3 } });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('状态必须是 1（激活）或 2（挂起）');
    expect(await call('PUT', '/bpm/model/update-state', { body: { id: 'missing', state: 1 } })).toMatchObject(
      {
        code: 1_009_002_001,
      },
    );
  });

  it('deletes a model but keeps its definitions as history', async () => {
    const id = await createModel('to_delete', '待删除');
    await update({
      id,
      ...CUSTOM_FORM,
      bpmnXml: diagram('to_delete', '待删除', [{ id: 'check', name: '核对' }]),
    });
    await addRule(id, 'check', [1]);
    expect((await deploy(id)).code).toBe(0);
    const [v1] = await definitionsOf('to_delete');

    expect(await call('DELETE', '/bpm/model/delete', { query: { id } })).toMatchObject({
      code: 0,
      data: true,
    });
    expect(await call('GET', '/bpm/model/get', { query: { id } })).toMatchObject({ code: 1_009_002_001 });
    expect(await call('DELETE', '/bpm/model/delete', { query: { id } })).toMatchObject({
      code: 1_009_002_001,
    });
    expect(await call('GET', '/bpm/task-assign-rule/list', { query: { modelId: id } })).toMatchObject({
      code: 1_009_002_001,
    });
    const [kept] = await definitionsOf('to_delete');
    expect(kept).toMatchObject({ id: v1!.id, suspensionState: 2 });
    expect(await rulesOf({ processDefinitionId: v1!.id })).toMatchObject([
      { taskDefinitionKey: 'check', options: [1] },
    ]);

    // The key is free again, and versions go on.
    const again = await createModel('to_delete', '待删除');
    await update({
      id: again,
      ...CUSTOM_FORM,
      bpmnXml: diagram('to_delete', '待删除', [{ id: 'check', name: '核对' }]),
    });
    expect((await rulesOf({ modelId: again }))[0]).toMatchObject({ id: null, type: null, options: null });
    await addRule(again, 'check', [2]);
    expect((await deploy(again)).code).toBe(0);
    expect((await definitionsOf('to_delete')).map((d) => [d.version, d.suspensionState])).toEqual([
      [2, 1],
      [1, 2],
    ]);
  });

  it('imports a .bpmn file as a model', async () => {
    const xml = diagram('imported', '导入流程', [{ id: 'review', name: '审核' }]);
    const send = (fields: Record<string, string>, content?: string, token: string | null = admin) => {
      const { payload, contentType } = multipart(
        fields,
        content === undefined ? undefined : { name: 'bpmnFile', filename: 'imported.bpmn', content },
      );
      return t.app.inject({
        method: 'POST',
        url: '/admin-api/bpm/model/import',
        payload,
        headers: {
          'content-type': contentType,
          'tenant-id': '1',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      });
    };
    const res = (await send({ key: 'imported', name: '导入流程', description: '来自文件' }, xml)).json();
    expect(res.code, res.msg).toBe(0);
    expect(await getModel(res.data as string)).toMatchObject({
      key: 'imported',
      name: '导入流程',
      description: '来自文件',
      bpmnXml: xml,
    });
    expect((await rulesOf({ modelId: res.data as string })).map((r) => r.taskDefinitionName)).toEqual([
      '审核',
    ]);

    expect((await send({ key: 'imported', name: '重复' }, xml)).json()).toMatchObject({
      code: 1_009_002_000,
    });
    expect((await send({ key: '9x', name: '坏标识' }, xml)).json()).toMatchObject({ code: 1_009_002_002 });
    expect((await send({ key: 'nofile', name: '无文件' })).json()).toMatchObject({
      code: 400,
      msg: '请求参数缺失:bpmnFile',
    });
    const unreadable = (await send({ key: 'garbage', name: '乱码' }, 'not xml at all')).json();
    expect(unreadable.code).toBe(400);
    expect(unreadable.msg).toContain('流程图无法解析');
    expect((await send({ key: 'noname' }, xml)).json().msg).toContain('流程名称不能为空');
    expect((await send({ key: 'x1', name: 'x' }, xml, null)).json()).toMatchObject({ code: 401 });
    expect((await send({ key: 'x2', name: 'x' }, xml, operator)).json()).toMatchObject({ code: 403 });
    expect((await call('GET', '/bpm/model/page', { query: { key: 'garbage' } })).data).toMatchObject({
      total: 0,
    });
  });

  it('serves the seeded oa_leave model as version 1 with script rules', async () => {
    const item = await modelItem('oa_leave');
    expect(item).toMatchObject({
      name: 'OA 请假',
      formType: 20,
      formCustomCreatePath: '/bpm/oa/leave/create',
      formCustomViewPath: '/bpm/oa/leave/detail',
      processDefinition: { version: 1, suspensionState: 1 },
    });
    expect(await rulesOf({ processDefinitionId: item.processDefinition!.id })).toMatchObject([
      { taskDefinitionKey: 'leaderApprove', taskDefinitionName: '领导审批', type: 50, options: [20] },
      { taskDefinitionKey: 'directorApprove', taskDefinitionName: '总监审批', type: 50, options: [21] },
    ]);
    // Its model copy has the same rules, so redeploying unchanged is refused.
    expect(await deploy(item.id)).toMatchObject({ code: 1_009_003_005 });
  });

  it('answers 401 and 403 on every endpoint', async () => {
    const id = await createModel('guarded', '受保护');
    const calls: ApiCall[] = [
      { path: '/bpm/model/page' },
      { path: '/bpm/model/get', query: { id } },
      { method: 'POST' as const, path: '/bpm/model/create', body: { key: 'g2', name: 'x' } },
      { method: 'PUT' as const, path: '/bpm/model/update', body: { id, name: '改' } },
      { method: 'POST' as const, path: '/bpm/model/deploy', query: { id } },
      { method: 'PUT' as const, path: '/bpm/model/update-state', body: { id, state: 2 } },
      { method: 'DELETE' as const, path: '/bpm/model/delete', query: { id } },
      { path: '/bpm/process-definition/page' },
      { path: '/bpm/process-definition/list', query: { suspensionState: '1' } },
      { path: '/bpm/process-definition/get-bpmn-xml', query: { id: 'x' } },
    ];
    for (const c of calls) {
      expect(await t.api(c), c.path).toMatchObject({ code: 401 });
      expect(await t.api({ ...c, token: operator }), c.path).toMatchObject({ code: 403 });
    }
    expect(await getModel(id)).toMatchObject({ name: '受保护' });
    expect(
      await call('GET', '/bpm/process-definition/get-bpmn-xml', { query: { id: 'missing' } }),
    ).toMatchObject({
      code: 1_009_003_002,
    });
  });

  it('keeps tenants apart', async () => {
    const id = await createModel('tenant_one', '租户一流程');
    await update({ id, ...CUSTOM_FORM, bpmnXml: diagram('tenant_one', '租户一流程', []) });
    expect((await deploy(id)).code).toBe(0);
    const [definition] = await definitionsOf('tenant_one');
    const theirs = { token: other.token, tenant: other.tenantId };
    expect(await t.api({ path: '/bpm/model/page', token: admin, tenant: other.tenantId })).toMatchObject({
      code: 403,
    });
    expect(await t.api({ path: '/bpm/model/page', ...theirs })).toMatchObject({ data: { total: 0 } });
    expect(await t.api({ path: '/bpm/process-definition/page', ...theirs })).toMatchObject({
      data: { total: 0 },
    });
    expect(await t.api({ path: '/bpm/process-definition/list', ...theirs })).toMatchObject({ data: [] });
    for (const c of [
      { path: '/bpm/model/get', query: { id } },
      { method: 'PUT' as const, path: '/bpm/model/update', body: { id, name: '改' } },
      { method: 'POST' as const, path: '/bpm/model/deploy', query: { id } },
      { method: 'PUT' as const, path: '/bpm/model/update-state', body: { id, state: 2 } },
      { method: 'DELETE' as const, path: '/bpm/model/delete', query: { id } },
    ])
      expect(await t.api({ ...c, ...theirs }), c.path).toMatchObject({ code: 1_009_002_001 });
    expect(
      await t.api({ path: '/bpm/process-definition/get-bpmn-xml', query: { id: definition!.id }, ...theirs }),
    ).toMatchObject({ code: 1_009_003_002 });
    // Keys are unique per tenant only, and versions count per tenant.
    const mine = await t.api({
      method: 'POST',
      path: '/bpm/model/create',
      body: { key: 'tenant_one', name: '租户一流程' },
      ...theirs,
    });
    expect(mine.code).toBe(0);
    await t.api({
      method: 'PUT',
      path: '/bpm/model/update',
      body: { id: mine.data, ...CUSTOM_FORM, bpmnXml: diagram('tenant_one', '租户一流程', []) },
      ...theirs,
    });
    expect(
      await t.api({
        method: 'POST',
        path: '/bpm/model/deploy',
        query: { id: mine.data as string },
        ...theirs,
      }),
    ).toMatchObject({
      code: 0,
    });
    const their = (await t.api({ path: '/bpm/process-definition/page', ...theirs }))
      .data as PageResult<BpmProcessDefinitionPageItem>;
    expect(their.list.map((d) => d.version)).toEqual([1]);
    expect((await modelItem('tenant_one')).processDefinition?.suspensionState).toBe(1);
  });
});
