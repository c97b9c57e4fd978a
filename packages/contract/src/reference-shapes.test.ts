import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiOf, type Endpoint } from './endpoint.js';
import { ENDPOINTS } from './endpoints.js';

/*
 * The reference's response shapes, for the endpoints whose fields the facts documents list
 * (../shared/reference/yudao-backend.md "Key shapes", yudao-business.md §3.1 and §4). A client written
 * for the reference reads these names: each must be there. A field of ours beyond them must be
 * declared in OURS with the reason, and no field anywhere may carry a name the reference's clients
 * read with another meaning (READ_OTHERWISE).
 */

/** `a.b` names a field of a nested object; list items and page items are looked into. */
const REFERENCE: Record<string, string[]> = {
  'POST /system/auth/login': ['userId', 'accessToken', 'refreshToken', 'expiresTime'],
  'POST /system/auth/refresh-token': ['userId', 'accessToken', 'refreshToken', 'expiresTime'],
  'GET /system/auth/get-permission-info': [
    'user.id',
    'user.nickname',
    'user.avatar',
    'roles',
    'permissions',
    'menus',
    ...['id', 'parentId', 'name', 'path', 'component', 'componentName', 'icon', 'visible', 'keepAlive']
      .concat(['alwaysShow', 'children'])
      .map((f) => `menus.${f}`),
  ],
  'GET /system/dict-data/list-all-simple': ['dictType', 'value', 'label', 'colorType', 'cssClass'],
  'GET /system/notify-message/my-page': [
    ...['id', 'userId', 'userType', 'templateId', 'templateCode', 'templateNickname', 'templateContent'],
    ...['templateType', 'templateParams', 'readStatus', 'readTime', 'createTime'],
  ],
  'GET /system/oauth2/authorize': ['client.name', 'client.logo', 'scopes.key', 'scopes.value'],
  'GET /bpm/activity/list': ['key', 'type', 'startTime', 'endTime', 'taskId'],
  'GET /bpm/process-instance/get': [
    ...[
      'id',
      'name',
      'category',
      'status',
      'result',
      'createTime',
      'endTime',
      'formVariables',
      'businessKey',
    ],
    ...['startUser.id', 'startUser.nickname', 'startUser.deptId', 'startUser.deptName'],
    ...['id', 'formType', 'formId', 'formConf', 'formFields', 'formCustomCreatePath', 'formCustomViewPath']
      .concat(['bpmnXml'])
      .map((f) => `processDefinition.${f}`),
  ],
  'GET /bpm/task/todo-page': [
    ...['id', 'name', 'claimTime', 'createTime', 'suspensionState'],
    ...['processInstance.id', 'processInstance.name', 'processInstance.startUserId'],
    ...['processInstance.startUserNickname', 'processInstance.processDefinitionId'],
  ],
  'GET /bpm/oa/leave/get': [
    'id',
    'startTime',
    'endTime',
    'type',
    'reason',
    'result',
    'createTime',
    'processInstanceId',
  ],
  'GET /infra/job/page': [
    ...[
      'id',
      'name',
      'status',
      'handlerName',
      'handlerParam',
      'cronExpression',
      'retryCount',
      'retryInterval',
    ],
    ...['monitorTimeout', 'createTime'],
  ],
  'GET /infra/job-log/page': [
    ...['id', 'jobId', 'handlerName', 'handlerParam', 'executeIndex', 'beginTime', 'endTime', 'duration'],
    ...['status', 'result', 'createTime'],
  ],
  'GET /infra/api-access-log/page': [
    ...['id', 'traceId', 'userId', 'userType', 'applicationName', 'requestMethod', 'requestUrl'],
    ...['requestParams', 'userIp', 'userAgent', 'beginTime', 'endTime', 'duration', 'resultCode'],
    ...['resultMsg', 'operateModule', 'operateName', 'operateType', 'responseBody', 'createTime'],
  ],
  'GET /infra/api-error-log/page': [
    ...['id', 'traceId', 'userId', 'userType', 'applicationName', 'requestMethod', 'requestUrl'],
    ...['requestParams', 'userIp', 'userAgent', 'exceptionTime', 'exceptionName', 'exceptionMessage'],
    ...['exceptionRootCauseMessage', 'exceptionStackTrace', 'exceptionClassName', 'exceptionFileName'],
    ...['exceptionMethodName', 'exceptionLineNumber', 'processStatus', 'processTime', 'processUserId'],
    'createTime',
  ],
  'GET /infra/file/page': ['id', 'configId', 'name', 'path', 'url', 'type', 'size', 'createTime'],
};

/** Fields of ours in those answers, and why a client written for the reference is not misled by them. */
const OURS: Record<string, string> = {
  'GET /system/auth/get-permission-info user.deptId': '用户所在部门，本控制台的个人信息用；参考客户端不读取',
  'GET /bpm/oa/leave/get userId': '申请人编号，本控制台详情显示；参考客户端不读取',
  'GET /bpm/oa/leave/get day': '请假天数，本控制台列表与详情显示；参考客户端不读取',
  'GET /bpm/task/todo-page dueTime': '任务截止时间（流程图 dueDate），本控制台待办列表显示；参考客户端不读取',
  'GET /bpm/activity/list takenFlowIds':
    '本控制台查看器高亮走过的连线；参考查看器从 BPMN 取 outgoing，不读此名',
};

/** Names the reference's clients read with another meaning: a field so named would mislead them. */
const READ_OTHERWISE: Record<string, string> = {
  outgoing: '参考的流程查看器把 activity.outgoing 当作 BPMN 连线对象（outgoing[i].targetRef.id）',
};

/** An endpoint of the member API is named with its prefix (its paths may repeat the admin API's). */
const keyOf = (e: Endpoint) => `${e.method} ${apiOf(e) === 'app' ? '/app-api' : ''}${e.path}`;

/** The object behind wrappers, arrays and page results. */
const unwrap = (schema: z.ZodType): z.ZodType => {
  let s: z.ZodType = schema;
  for (;;) {
    if (s instanceof z.ZodNullable || s instanceof z.ZodOptional || s instanceof z.ZodDefault)
      s = s.unwrap() as z.ZodType;
    else if (s instanceof z.ZodArray) s = s.element as z.ZodType;
    else if (s instanceof z.ZodPipe) s = s.out as z.ZodType;
    else if (s instanceof z.ZodLazy) s = s.unwrap() as z.ZodType;
    else return s;
  }
};

/** Every field path of a response's data: page results and lists are looked into, trees once. */
const fieldsOf = (schema: z.ZodType, prefix = ''): string[] => {
  const s = unwrap(schema);
  if (!(s instanceof z.ZodObject)) return [];
  const shape = s.shape as Record<string, z.ZodType>;
  if (prefix === '' && 'list' in shape && 'total' in shape) return fieldsOf(shape.list!);
  const ancestors = prefix.split('.');
  return Object.entries(shape).flatMap(([name, field]) => {
    const path = `${prefix}${name}`;
    return ancestors.includes(name) ? [path] : [path, ...fieldsOf(field, `${path}.`)];
  });
};

const byKey = new Map(ENDPOINTS.map((e) => [keyOf(e), e]));

describe('the reference client’s response shapes', () => {
  it.each(Object.entries(REFERENCE))(
    '%s carries the reference’s fields and declares its own',
    (key, reference) => {
      const endpoint = byKey.get(key);
      expect(endpoint, key).toBeDefined();
      const ours = fieldsOf(endpoint!.data);
      expect(reference.filter((f) => !ours.includes(f))).toEqual([]);
      // A reference field's parents and children (a tree's nodes) are the reference's too.
      const theirs = (f: string) =>
        reference.some((r) => r === f || r.startsWith(`${f}.`) || f.startsWith(`${r}.`));
      const extra = ours.filter((f) => !theirs(f));
      expect(extra.filter((f) => !(`${key} ${f}` in OURS))).toEqual([]);
    },
  );

  it('names no field of any answer the way the reference’s clients read otherwise', () => {
    const misleading = ENDPOINTS.flatMap((e) =>
      fieldsOf(e.data)
        .filter((f) => (f.split('.').pop() ?? '') in READ_OTHERWISE)
        .map((f) => `${keyOf(e)} ${f}`),
    );
    expect(misleading).toEqual([]);
  });

  it('declares only fields that exist', () => {
    for (const entry of Object.keys(OURS)) {
      const [method, path, field] = entry.split(' ');
      expect(fieldsOf(byKey.get(`${method} ${path}`)!.data), entry).toContain(field);
    }
  });
});
