import { API_PREFIX, apiOf, ENDPOINTS, type Endpoint } from '@app/contract';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OA_LEAVE_BPMN } from '../src/db/seed-data/bpm-oa-leave.js';
import { createTestApp, DIALECTS, type ApiCall, type TestApp } from './helper.js';
import { smsSignInMember } from './member-fixture.js';
import { authorize, createClient } from './oauth2-fixture.js';
import { expectSelectiveQueryPlans, QUERY_PLAN_CHECK, statementRecorder } from './query-plans.js';
import { startSocialPeer, type SocialPeer } from './social-peer.js';
import { listen, openSse } from './sse.js';
import { createPackage, createTenantAndSignIn, tenantBody } from './tenant-fixture.js';

/*
 * The proof of tenant isolation: tenants A (the system tenant) and B each get rows in every
 * tenant-scoped table, marked with strings of their own; then each tenant's administrator calls every
 * GET endpoint of the contract (and each tenant's member every GET endpoint of the member API) —
 * lists and pages unfiltered, gets and id filters with the other tenant's ids — and no answer may
 * carry a marker or an id of the other tenant.
 */

/** GET endpoints this test does not call, with the reason. */
const NOT_CALLED: Record<string, string> = {};

/** Values for required parameters that are not ids of tenant rows (path parameters included). */
const REQUIRED: Record<string, Record<string, string>> = {
  '/system/tenant/get-id-by-name': { name: '隔离乙租户' },
  '/infra/config/get-value-by-key': { key: 'system.user.init-password' },
  '/infra/file/{configId}/get/{path}': { configId: '4', path: 'no-such-file.png' },
  '/system/dict-data/type/{type}': { type: 'common_status' },
  '/system/auth/social-auth-redirect': { type: '90', redirectUri: 'http://127.0.0.1:5173/social-login' },
  '/system/oauth2/authorize': { clientId: 'default' },
  '/system/area/get-by-ip': { ip: '202.96.209.133' },
  '/pay/channel/get': { code: 'wallet' },
  '/trade/delivery/price-query': {
    fromAreaId: '440305',
    toAreaId: '440106',
    weight: '1',
    length: '10',
    width: '10',
    height: '10',
    count: '1',
    amount: '0',
  },
};

/**
 * Global tables (the reference's ignore tables) that record user ids of every tenant: their pages show
 * the other tenant's user ids by design, so only markers are searched in them.
 */
const GLOBAL_LOGS: Record<string, string> = {
  '/system/sms-log/page': 'system_sms_log 是全局表，记录收信用户编号',
  '/system/sms-log/export-excel': 'system_sms_log 是全局表，记录收信用户编号',
  '/system/mail-log/page': 'system_mail_log 是全局表，记录收信用户编号',
  '/system/mail-log/get': 'system_mail_log 是全局表，记录收信用户编号',
};

/**
 * The API access log records every request of the sweep itself, whose parameters carry the other
 * tenant's ids by design (the probes): only markers are searched in it.
 */
const REQUEST_LOGS: Record<string, string> = {
  '/infra/api-access-log/page': 'infra_api_access_log 记录本轮请求的参数',
  '/infra/api-access-log/export-excel': 'infra_api_access_log 记录本轮请求的参数',
};

/**
 * Tables whose own markers no unfiltered list shows (they are reached through another row's id
 * only), so the positive control — every marker of the caller's tenant is seen — leaves them out.
 */
const ONLY_BY_ID = new Set(['bpm_activity', 'trade_express_order_event']);

/**
 * Endpoints that answer figures rather than rows (an object even when nothing matches): probed with
 * the other tenant's ids, every figure must be 0.
 */
const AGGREGATES = new Set(['/trade/order/summary']);
const allZero = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && Object.values(data).every((v) => v === 0);

interface Side {
  name: 'A' | 'B';
  tenantId: number;
  token: string;
  /** A member's token, for the member API. */
  memberToken: string;
  adminId: number;
  /** Marker strings by table. */
  markers: Map<string, string[]>;
  /** Ids of the side's rows by table, read after the data is in. */
  ids: Map<string, (number | string)[]>;
  /**
   * Rows by table of the tables without ids: those that triggers keep from another table's rows
   * (trade_order_count, the gram tables), which hold no id of their own to leak.
   */
  keptRows: Map<string, number>;
}

const PAGE = { pageNo: '1', pageSize: '100' };
const isIdKey = (key: string) => key === 'id' || /[a-z]Id$/.test(key);
const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The query object behind an endpoint's query schema (a transform wraps it in a pipe). */
const shapeOf = (schema: z.ZodType | undefined): Record<string, z.ZodType> => {
  if (!schema) return {};
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>;
  if (schema instanceof z.ZodPipe) return shapeOf(schema.in as z.ZodType);
  throw new Error('查询参数不是对象');
};
const isRequired = (schema: z.ZodType) => !schema.safeParse(undefined).success;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const timerXml = (
  key: string,
  name: string,
  start: string,
  task: string,
) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://www.flowable.org/processdef">
  <process id="${key}" name="${name}" isExecutable="true">
    <startEvent id="start" name="${start}" />
    <userTask id="approve" name="${task}" />
    <boundaryEvent id="timeout" attachedToRef="approve" cancelActivity="true">
      <timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition>
    </boundaryEvent>
    <endEvent id="end" />
    <endEvent id="endTimeout" />
    <sequenceFlow id="f_start" sourceRef="start" targetRef="approve" />
    <sequenceFlow id="f_done" sourceRef="approve" targetRef="end" />
    <sequenceFlow id="f_timeout" sourceRef="timeout" targetRef="endTimeout" />
  </process>
</definitions>`;

const claimXml = (key: string, name: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://www.flowable.org/processdef">
  <process id="${key}" name="${name}" isExecutable="true">
    <startEvent id="start" />
    <userTask id="claim" name="认领" flowable:candidateUsers="\${candidates}" />
    <endEvent id="end" />
    <sequenceFlow id="f_start" sourceRef="start" targetRef="claim" />
    <sequenceFlow id="f_done" sourceRef="claim" targetRef="end" />
  </process>
</definitions>`;

/** Every cell of every sheet as text. */
const xlsxText = async (bytes: Buffer): Promise<string> => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const cells: string[] = [];
  book.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        cells.push(typeof cell.value === 'object' ? JSON.stringify(cell.value) : String(cell.value));
      }),
    ),
  );
  return cells.join('\n');
};

const isEmpty = (data: unknown): boolean =>
  data === null ||
  data === undefined ||
  data === '' ||
  (Array.isArray(data) && data.length === 0) ||
  (typeof data === 'object' &&
    !Array.isArray(data) &&
    'list' in data &&
    Array.isArray(data.list) &&
    data.list.length === 0);

describe.each(DIALECTS)('tenant isolation on %s', (dialect) => {
  let t: TestApp;
  let peer: SocialPeer;
  let A: Side;
  let B: Side;
  let seq = 0;

  const call = async (side: Side, c: ApiCall) => {
    const res = await t.api({ token: side.token, ...c, tenant: side.tenantId });
    if (res.code !== 0)
      throw new Error(`${side.name} ${c.method ?? 'GET'} ${c.path}: ${res.code} ${res.msg}`);
    return res.data;
  };

  /** A new marker of `side`'s rows in `table`: unique, short, letters and digits only. */
  const mark = (side: Side, table: string): string => {
    const marker = `Iso${side.name}${String(++seq).padStart(3, '0')}`;
    side.markers.set(table, [...(side.markers.get(table) ?? []), marker]);
    return marker;
  };

  /** Rows in every tenant table, through the API as `side`'s administrator. */
  const populate = async (side: Side, oaLeaveDeployed: boolean) => {
    const post = (path: string, body: unknown, extra: Partial<ApiCall> = {}) =>
      call(side, { method: 'POST', path, body, ...extra });
    const deptId = (await post('/system/dept/create', {
      name: mark(side, 'system_dept'),
      parentId: 0,
      sort: 1,
      status: 0,
    })) as number;
    const postId = (await post('/system/post/create', {
      name: mark(side, 'system_post'),
      code: `code${seq}`,
      sort: 1,
      status: 0,
    })) as number;
    // Usernames are letters and digits: the lower-case form is the marker.
    const username = mark(side, 'system_users').toLowerCase();
    side.markers.set('system_users', [username]);
    const mobile = `1370000${String(side.tenantId).padStart(4, '0')}`;
    const userId = (await post('/system/user/create', {
      username,
      nickname: mark(side, 'system_users'),
      password: 'Iso12345',
      deptId,
      postIds: [postId],
      mobile,
    })) as number;
    const roleId = (await post('/system/role/create', {
      name: mark(side, 'system_role'),
      code: `role${seq}`,
      sort: 1,
    })) as number;
    await post('/system/permission/assign-role-menu', { roleId, menuIds: [1, 100, 1001] });
    await post('/system/permission/assign-user-role', { userId, roleIds: [roleId] });
    // The operate log records the user agent of every write.
    await post(
      '/system/notice/create',
      { title: mark(side, 'system_notice'), type: 1, content: '隔离测试', status: 0 },
      { headers: { 'user-agent': mark(side, 'system_operate_log') } },
    );
    await post('/system/notify-template/send-notify', {
      userId: side.adminId,
      templateCode: 'todo_reminder',
      templateParams: { title: mark(side, 'system_notify_message') },
    });

    const formId = (await post('/bpm/form/create', {
      name: mark(side, 'bpm_form'),
      status: 0,
      conf: '{}',
      fields: [],
    })) as number;
    await post('/bpm/user-group/create', {
      name: mark(side, 'bpm_user_group'),
      description: '隔离测试',
      memberUserIds: [side.adminId],
      status: 0,
    });
    const deploy = async (key: string, name: string, xml: string, tasks: string[], form: object) => {
      const modelId = (await post('/bpm/model/create', { key, name, category: '1' })) as string;
      await call(side, {
        method: 'PUT',
        path: '/bpm/model/update',
        body: { id: modelId, bpmnXml: xml, ...form },
      });
      for (const task of tasks)
        await post('/bpm/task-assign-rule/create', {
          modelId,
          taskDefinitionKey: task,
          type: 30,
          options: [side.adminId],
        });
      await post('/bpm/model/deploy', undefined, { query: { id: modelId } });
    };
    const processName = mark(side, 'bpm_model');
    side.markers.set('bpm_process_definition', [processName]);
    side.markers.set('bpm_process_instance', [processName]);
    const key = `iso_${side.name.toLowerCase()}`;
    const xml = timerXml(key, processName, mark(side, 'bpm_activity'), mark(side, 'bpm_task'));
    await deploy(key, processName, xml, ['approve'], { formType: 10, formId });
    if (!oaLeaveDeployed)
      await deploy('oa_leave', 'OA 请假', OA_LEAVE_BPMN, ['leaderApprove', 'directorApprove'], {
        formType: 20,
        formCustomCreatePath: '/bpm/oa/leave/create',
        formCustomViewPath: '/bpm/oa/leave/detail',
      });
    const definition = await t.db.kysely
      .selectFrom('bpmProcessDefinition')
      .select('id')
      .where('tenantId', '=', side.tenantId)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    // Its task, activities and the boundary timer's job.
    await post('/bpm/process-instance/create', { processDefinitionId: definition.id, variables: {} });
    // A task for two candidates to claim: its candidate rows.
    const claimKey = `${key}_claim`;
    await deploy(claimKey, `${processName}认领`, claimXml(claimKey, `${processName}认领`), ['claim'], {
      formType: 10,
      formId,
    });
    const claimDefinition = await t.db.kysely
      .selectFrom('bpmProcessDefinition')
      .select('id')
      .where('tenantId', '=', side.tenantId)
      .where('key', '=', claimKey)
      .executeTakeFirstOrThrow();
    await post('/bpm/process-instance/create', {
      processDefinitionId: claimDefinition.id,
      variables: { candidates: [side.adminId, userId] },
    });
    await post('/bpm/oa/leave/create', {
      startTime: t.clock.now,
      endTime: t.clock.now + 86_400_000,
      type: 1,
      reason: mark(side, 'bpm_oa_leave'),
    });

    // OAuth2: the /sso page's consent leaves an approval and a code.
    const consent = await authorize(t, side.token, { scopes: { 'user.read': true }, state: 'iso' });
    if (consent.code !== 0) throw new Error(`${side.name} authorize: ${consent.code} ${consent.msg}`);
    // Social sign-in: a client of the generic provider (its scope travels in the sign-in address),
    // and the administrator's binding of a provider account through it.
    const clientMarker = mark(side, 'system_social_client');
    await post('/system/social-client/create', {
      name: clientMarker,
      socialType: 90,
      userType: 2,
      status: 0,
      ...peer.clients.oauth2,
      authorizeUrl: `${peer.origin}/oauth2/authorize`,
      tokenUrl: `${peer.origin}/oauth2/token`,
      userInfoUrl: `${peer.origin}/oauth2/userinfo`,
      scope: clientMarker,
    });
    const signIn = (await call(side, {
      path: '/system/auth/social-auth-redirect',
      query: REQUIRED['/system/auth/social-auth-redirect'],
    })) as string;
    const openid = mark(side, 'system_social_user');
    peer.signedIn = { id: openid, name: openid };
    const back = new URL((await fetch(signIn, { redirect: 'manual' })).headers.get('location') ?? '');
    await post('/system/social-user/bind', {
      type: 90,
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });

    // The modules made by 代码生成.
    await post('/infra/demo01-contact/create', {
      name: mark(side, 'infra_demo01_contact'),
      sex: 1,
      birthday: t.clock.now,
      description: '简介',
      avatar: null,
    });
    await post('/infra/demo02-category/create', { name: mark(side, 'infra_demo02_category'), parentId: 0 });
    await post('/infra/demo03-student-normal/create', {
      name: mark(side, 'infra_demo03_student'),
      sex: 1,
      birthday: t.clock.now,
      description: '简介',
      demo03Courses: [{ name: mark(side, 'infra_demo03_course'), score: 90 }],
      demo03Grade: { name: mark(side, 'infra_demo03_grade'), teacher: '班主任' },
    });

    // The product catalogue.
    const picture = { picUrl: 'https://img.example.com/p.png', sort: 0, status: 0 };
    const topId = (await post('/product/category/create', {
      ...picture,
      parentId: 0,
      name: mark(side, 'product_category'),
    })) as number;
    const categoryId = (await post('/product/category/create', {
      ...picture,
      parentId: topId,
      name: mark(side, 'product_category'),
    })) as number;
    const brandId = (await post('/product/brand/create', {
      ...picture,
      name: mark(side, 'product_brand'),
    })) as number;
    const propertyId = (await post('/product/property/create', {
      name: mark(side, 'product_property'),
    })) as number;
    const valueId = (await post('/product/property/value/create', {
      propertyId,
      name: mark(side, 'product_property_value'),
    })) as number;
    await post('/product/spu/create', {
      name: mark(side, 'product_spu'),
      description: '<p>描述</p>',
      categoryId,
      brandId,
      picUrls: ['https://img.example.com/1.png'],
      status: 1,
      specType: 2,
      showStock: true,
      virtualSalesCount: 0,
      skus: [
        {
          barCode: mark(side, 'product_sku'),
          price: 100,
          marketPrice: 100,
          costPrice: 50,
          status: 0,
          stock: 1,
          properties: [{ propertyId, valueId }],
        },
      ],
    });

    // 配送管理: an express company, and a freight template with a charge and a free-shipping rule.
    const expressId = (await post('/trade/delivery/express/create', {
      code: mark(side, 'trade_delivery_express'),
      name: '隔离快递',
      sort: 0,
      status: 0,
    })) as number;
    await post('/trade/delivery/express-template/create', {
      name: mark(side, 'trade_delivery_express_template'),
      chargeMode: 1,
      sort: 0,
      templateCharge: [{ areaIds: [1], startCount: 1, startPrice: 100, extraCount: 1, extraPrice: 50 }],
      templateFree: [{ areaIds: [440000], freePrice: 9900, freeCount: 0 }],
    });

    // Payments: an app with the wallet channel, a demo order paid from the wallet and refunded, and
    // the merchant notifications (refused: the URL is a loopback address) with their log.
    const payAppId = (await post('/pay/app/create', {
      name: mark(side, 'pay_app'),
      status: 0,
      orderNotifyUrl: 'http://127.0.0.1:1/notify',
      refundNotifyUrl: 'http://127.0.0.1:1/notify',
    })) as number;
    await post('/pay/channel/create', {
      appId: payAppId,
      code: 'wallet',
      status: 0,
      feeRate: 0,
      remark: mark(side, 'pay_channel'),
      config: '{}',
    });
    // Mock, for paying the trade order below.
    await post('/pay/channel/create', {
      appId: payAppId,
      code: 'mock',
      status: 0,
      feeRate: 0,
      remark: null,
      config: '{}',
    });
    const at = t.clock.now;
    await t.db.kysely
      .insertInto('payWallet')
      .values({
        tenantId: side.tenantId,
        userId: side.adminId,
        userType: 2,
        balance: 100,
        totalExpense: 0,
        totalRecharge: 100,
        creator: null,
        createTime: at,
        updater: null,
        updateTime: at,
        deleted: 0,
      })
      .execute();
    const demoId = (await post('/pay/demo-order/create', { spuId: 2, appId: payAppId })) as number;
    const demo = (await call(side, { path: '/pay/demo-order/get', query: { id: String(demoId) } })) as {
      payOrderId: number;
    };
    await post('/pay/order/submit', { id: demo.payOrderId, channelCode: 'wallet' });
    await post('/pay/refund/create', {
      orderId: demo.payOrderId,
      price: 5,
      reason: mark(side, 'pay_refund'),
    });
    await t.app.payNotifier.pollOnce();

    // Every request goes to the API access log (with its user agent); an unexpected error, which no
    // request of this test makes, to the error log.
    await call(side, {
      path: '/system/post/page',
      headers: { 'user-agent': mark(side, 'infra_api_access_log') },
    });
    await t.app.apiLogsSettled();
    await t.app.operateLogsSettled();
    await t.app.notify.postedSettled();
    await t.db.kysely
      .insertInto('infraApiErrorLog')
      .values({
        tenantId: side.tenantId,
        traceId: '',
        userId: side.adminId,
        userType: 2,
        applicationName: 'isolation',
        requestMethod: 'GET',
        requestUrl: '/admin-api/isolation',
        requestParams: '{}',
        userIp: '',
        userAgent: mark(side, 'infra_api_error_log'),
        creator: null,
        exceptionTime: t.clock.now,
        exceptionName: 'Error',
        exceptionMessage: '',
        exceptionRootCauseMessage: '',
        exceptionStackTrace: '',
        exceptionClassName: '',
        exceptionFileName: '',
        exceptionMethodName: '',
        exceptionLineNumber: 0,
        processStatus: 0,
        processTime: null,
        processUserId: null,
      })
      .execute();

    // 会员中心: a member signed up by SMS, its profile edited by itself and in 会员管理, two addresses.
    const member = await smsSignInMember(t, `1390000${String(side.tenantId).padStart(4, '0')}`, {
      tenant: side.tenantId,
    });
    side.memberToken = member.accessToken;
    const asMember = (method: 'POST' | 'PUT', path: string, body: unknown) =>
      call(side, { api: 'app', method, path, body, token: member.accessToken });
    await asMember('PUT', '/member/user/update', { nickname: mark(side, 'member_user') });
    await call(side, {
      method: 'PUT',
      path: '/member/user/update-level',
      body: { id: member.userId, levelId: 2, reason: '隔离测试' },
    });
    const addressIds: number[] = [];
    for (const defaultStatus of [true, false])
      addressIds.push(
        (await asMember('POST', '/member/address/create', {
          name: '隔离收件人',
          mobile: '13800138000',
          areaId: 440305,
          detailAddress: mark(side, 'member_address'),
          defaultStatus,
        })) as number,
      );
    // 交易订单: the member orders the SPU's one SKU (an order, its item and its log row).
    const { id: skuId } = await t.db.kysely
      .selectFrom('productSku')
      .select('id')
      .where('tenantId', '=', side.tenantId)
      .executeTakeFirstOrThrow();
    const placed = (await asMember('POST', '/trade/order/create', {
      items: [{ skuId, count: 1 }],
      addressId: addressIds[0],
      remark: mark(side, 'trade_order'),
    })) as { id: number; payOrderId: number };
    // 快递管理: the order paid with mock and shipped by the express company above (its express order
    // and first event), then a status change the carrier reported (another event).
    await call(side, {
      api: 'app',
      method: 'POST',
      path: '/pay/order/submit',
      body: { id: placed.payOrderId, channelCode: 'mock' },
      token: member.accessToken,
    });
    await call(side, {
      method: 'PUT',
      path: '/trade/order/delivery',
      body: { id: placed.id, logisticsId: expressId, logisticsNo: mark(side, 'trade_express_order') },
    });
    const { id: expressOrderId } = await t.db.kysely
      .selectFrom('tradeExpressOrder')
      .select('id')
      .where('tenantId', '=', side.tenantId)
      .where('orderId', '=', placed.id)
      .executeTakeFirstOrThrow();
    await call(side, {
      method: 'PUT',
      path: '/trade/express-order/update-status',
      body: { id: expressOrderId, status: 10, content: mark(side, 'trade_express_order_event') },
    });

    await post('/system/auth/send-sms-code', { mobile, scene: 21 });
    // A login log (showing the user agent) and the user's tokens.
    await post(
      '/system/auth/login',
      { username, password: 'Iso12345' },
      { token: null, headers: { 'user-agent': mark(side, 'system_login_log') } },
    );
  };

  /** Moves every integer id sequence of the tenant tables far up, one range per table, before B's rows. */
  const moveSequences = async (tables: string[]): Promise<Map<string, number>> => {
    const k = t.db.kysely;
    const bases = new Map<string, number>();
    for (const [i, table] of tables.entries()) {
      const base = 8_000_000 + i * 10_000;
      if (dialect === 'postgres') {
        const { rows } = await sql<{ dataType: string }>`select data_type from information_schema.columns
          where table_schema = current_schema() and table_name = ${table} and column_name = 'id'`.execute(k);
        if (!['bigint', 'integer'].includes(rows[0]?.dataType ?? '')) continue;
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), ${base})`.execute(k);
      } else {
        const { rows } = await sql<{
          type: string;
        }>`select type from pragma_table_info(${table}) where name = 'id'`.execute(k);
        if (rows[0]?.type.toUpperCase() !== 'INTEGER') continue;
        const moved = await sql`update sqlite_sequence set seq = ${base} where name = ${table}`.execute(k);
        if (Number(moved.numAffectedRows ?? 0) === 0)
          await sql`insert into sqlite_sequence (name, seq) values (${table}, ${base})`.execute(k);
      }
      bases.set(table, base);
    }
    return bases;
  };

  const readIds = async (side: Side, tables: string[]) => {
    for (const table of tables) {
      const [{ n }] = (
        await sql<{ n: number | string }>`select count(*) as n from ${sql.raw(
          t.db.dialect === 'sqlite'
            ? `pragma_table_info('${table}') where name = 'id'`
            : `information_schema.columns where table_name = '${table}' and column_name = 'id' and table_schema = current_schema()`,
        )}`.execute(t.db.kysely)
      ).rows as [{ n: number | string }];
      if (Number(n) === 0) {
        const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}
          where tenant_id = ${side.tenantId}`.execute(t.db.kysely);
        side.keptRows.set(table, Number(rows[0]!.n));
        continue;
      }
      const { rows } = await sql<{ id: number | string }>`select id from ${sql.table(table)}
        where tenant_id = ${side.tenantId} order by id`.execute(t.db.kysely);
      side.ids.set(
        table,
        rows.map((r) => (typeof r.id === 'string' && /^\d+$/.test(r.id) ? Number(r.id) : r.id)),
      );
    }
  };

  // On SQLite the statements are recorded, and their query plans checked after the sweeps.
  const recorder = statementRecorder();

  beforeAll(async () => {
    t = await createTestApp(dialect, { onStatement: recorder.record });
    peer = await startSocialPeer();
    // Nothing may be sent or fired while the test reads.
    await t.app.smsPoller.stop();
    await t.app.bpmTimers.stop();
    await t.app.payNotifier.stop();
    const admin = (await t.login()).accessToken;
    await createClient(t, admin);
    A = {
      name: 'A',
      tenantId: 1,
      token: admin,
      memberToken: '',
      adminId: 1,
      markers: new Map(),
      ids: new Map(),
      keptRows: new Map(),
    };
    await populate(A, true);

    const tables = [...t.db.tenantScope.scopedTables].sort();
    const bases = await moveSequences(tables);
    const menus = await t.db.kysely.selectFrom('systemMenu').select('id').where('deleted', '=', 0).execute();
    const packageId = await createPackage(
      t,
      admin,
      '隔离全量套餐',
      menus.map((m) => Number(m.id)),
    );
    const b = await createTenantAndSignIn(
      t,
      admin,
      tenantBody(t, packageId, { name: '隔离乙租户', username: 'isobadmin', contactName: '乙联系人' }),
    );
    const bAdmin = await t.db.kysely
      .selectFrom('systemUsers')
      .select('id')
      .where('tenantId', '=', b.tenantId)
      .where('username', '=', 'isobadmin')
      .executeTakeFirstOrThrow();
    B = {
      name: 'B',
      tenantId: b.tenantId,
      token: b.token,
      memberToken: '',
      adminId: Number(bAdmin.id),
      markers: new Map(),
      ids: new Map(),
      keptRows: new Map(),
    };
    await populate(B, false);
    await t.app.apiLogsSettled();
    await t.app.operateLogsSettled();
    await t.app.notify.postedSettled();

    await readIds(A, tables);
    await readIds(B, tables);
    // B's integer ids must all lie in their table's moved range, or the id search below proves nothing.
    for (const [table, base] of bases)
      for (const id of B.ids.get(table) ?? [])
        if (typeof id !== 'number' || id <= base)
          throw new Error(`${table} 的编号没有移到 ${base} 之后：${id}`);
  }, 180_000);
  afterAll(async () => {
    await peer?.close();
    await t?.close();
  });

  it('has rows of both tenants in every tenant-scoped table', () => {
    const empty = [...t.db.tenantScope.scopedTables]
      .sort()
      .flatMap((table) =>
        [A, B]
          .filter((side) => (side.ids.get(table) ?? []).length === 0 && !side.keptRows.get(table))
          .map((side) => `${table}（租户 ${side.name}）`),
      );
    expect(empty, '这些租户表没有测试数据，请在 populate 中补上').toEqual([]);
  });

  /** Calls every GET endpoint as `caller`, probing with `other`'s ids; returns what it found. */
  const sweep = async (caller: Side, other: Side) => {
    const base = await listen(t.app);
    const strings = [...other.markers.values()].flat();
    for (const ids of other.ids.values()) for (const id of ids) if (typeof id === 'string') strings.push(id);
    // Integer ids are searched for B only: A's are small numbers that occur everywhere.
    const numbers =
      other.name === 'B' ? [...other.ids.values()].flat().filter((id) => typeof id === 'number') : [];
    const leak = new RegExp(
      [...strings.map(escape), ...numbers.map((n) => `(?<![\\d.])${n}(?!\\d)`)].join('|'),
      'g',
    );
    const markersOnly = new RegExp(strings.map(escape).join('|'), 'g');
    const own = [...caller.markers.entries()]
      .filter(([table]) => !ONLY_BY_ID.has(table))
      .flatMap(([, markers]) => markers);
    const seen = new Set<string>();
    const leaks: string[] = [];
    const notEmpty: string[] = [];
    const failures: string[] = [];
    let calls = 0;

    /** The other tenant's tables an id parameter names (`userId` → `system_users`), or none. */
    const tablesOf = (key: string): string[] => {
      const table = snake(key.replace(/Id$/, ''));
      return [...other.ids.keys()].filter(
        (name) => name.endsWith(`_${table}`) || name.endsWith(`_${table}s`),
      );
    };
    /** Ids to probe with: one of every table for `id`, else two of the tables the name points at. */
    const probeIds = (key: string): (number | string)[] => {
      const named = tablesOf(key);
      const from = key === 'id' || named.length === 0 ? [...other.ids.keys()] : named;
      return from.flatMap((name) => (other.ids.get(name) ?? []).slice(0, key === 'id' ? 1 : 2));
    };

    const run = async (e: Endpoint, query: Record<string, string>, probe: boolean) => {
      calls++;
      const given = REQUIRED[e.path] ?? {};
      const path = e.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(given[name] ?? ''));
      const prefix = API_PREFIX[apiOf(e)];
      const label = `${caller.name} GET ${prefix}${path}?${new URLSearchParams(query).toString()}`;
      const token = apiOf(e) === 'app' ? caller.memberToken : caller.token;
      const headers = { authorization: `Bearer ${token}`, 'tenant-id': String(caller.tenantId) };
      let text: string;
      let data: unknown;
      let code = 0;
      if (e.response === 'event-stream') {
        const stream = await openSse(
          `${base}${prefix}${path}?${new URLSearchParams(query).toString()}`,
          headers,
        );
        try {
          data = await stream.nextData();
          text = JSON.stringify(data);
        } finally {
          stream.close();
        }
      } else {
        const raw = await t.app.inject({ method: 'GET', url: `${prefix}${path}`, query, headers });
        const type = String(raw.headers['content-type'] ?? '');
        if (type.includes('spreadsheetml')) text = await xlsxText(raw.rawPayload);
        else if (type.includes('application/json')) {
          const envelope = raw.json<{ code: number; data: unknown }>();
          ({ code, data } = envelope);
          text = JSON.stringify(envelope.data ?? null);
        } else text = raw.body;
      }
      if (code === 500) failures.push(label);
      const search = e.path in GLOBAL_LOGS || e.path in REQUEST_LOGS ? markersOnly : leak;
      for (const match of text.match(search) ?? []) leaks.push(`${label} → ${match}`);
      for (const marker of own) if (text.includes(marker)) seen.add(marker);
      // Only B's ids are unique: A's small ids also name rows of the global tables (menus, channels).
      const empty = isEmpty(data) || (AGGREGATES.has(e.path) && allZero(data));
      if (probe && other.name === 'B' && code === 0 && e.response !== 'binary' && !empty)
        notEmpty.push(`${label} → ${text.slice(0, 200)}`);
    };

    // The operate log first: later it would show this sweep's own export requests, whose filters
    // carry the other tenant's ids.
    const gets = ENDPOINTS.filter((e) => e.method === 'GET' && !(e.path in NOT_CALLED));
    const operateLog = (e: Endpoint) => e.path.includes('operate-log');
    for (const e of [...gets.filter(operateLog), ...gets.filter((e) => !operateLog(e))]) {
      const shape = shapeOf(e.query);
      const given = REQUIRED[e.path] ?? {};
      const fixed: Record<string, string> = {};
      for (const [key, value] of Object.entries(given)) if (key in shape) fixed[key] = value;
      if ('pageNo' in shape) Object.assign(fixed, PAGE);
      for (const name of e.path.match(/\{(\w+)\}/g) ?? [])
        if (!(name.slice(1, -1) in given))
          throw new Error(`${e.path} 的路径参数 ${name} 没有测试值，请加到 REQUIRED`);
      const idKeys = Object.keys(shape).filter((key) => isIdKey(key) && !(key in fixed));
      const missing = Object.keys(shape).filter(
        (key) => isRequired(shape[key]!) && !(key in fixed) && !isIdKey(key),
      );
      if (missing.length > 0)
        throw new Error(`${e.path} 的必填参数 ${missing.join('、')} 没有测试值，请加到 REQUIRED`);
      const requiredIds = idKeys.filter((key) => isRequired(shape[key]!));
      if (requiredIds.length === 0) await run(e, fixed, false);
      for (const key of idKeys) {
        // An optional filter by the id of a global table's row (a mail account, a channel) probes nothing.
        if (!isRequired(shape[key]!) && key !== 'id' && tablesOf(key).length === 0) continue;
        for (const id of probeIds(key)) {
          const query: Record<string, string> = { ...fixed, [key]: String(id) };
          for (const required of requiredIds) query[required] ??= String(id);
          await run(e, query, true);
        }
      }
    }
    return { calls, seen, own, leaks, notEmpty, failures };
  };

  it.each([
    ['A', 'B'],
    ['B', 'A'],
  ] as const)(
    "lets tenant %s's administrator see none of tenant %s's rows through any GET endpoint",
    async (callerName, otherName) => {
      const [caller, other] = callerName === 'A' ? [A, B] : [B, A];
      expect(other.name).toBe(otherName);
      const result = await sweep(caller, other);
      expect(result.leaks, '另一租户的数据出现在了响应中').toEqual([]);
      expect(result.notEmpty, '用另一租户的编号查询没有得到"不存在"或空结果').toEqual([]);
      expect(result.failures, '系统异常的调用').toEqual([]);
      // The calls answered data: the caller's own markers came back (for B, within its package's menus).
      expect(
        result.own.filter((m) => !result.seen.has(m)),
        '本租户的数据没有出现在任何响应中',
      ).toEqual([]);
      expect(result.calls).toBeGreaterThan(ENDPOINTS.filter((e) => e.method === 'GET').length);
    },
    300_000,
  );

  // The plans are SQLite's; PostgreSQL plans by its statistics.
  if (dialect === 'sqlite') it(QUERY_PLAN_CHECK, () => expectSelectiveQueryPlans(t.db, recorder, 500));
});
