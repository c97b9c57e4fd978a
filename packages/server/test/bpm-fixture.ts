import { SUPER_ADMIN_ROLE } from '@app/contract';
import { hashPassword } from '../src/lib/crypto.js';
import type { TestApp } from './helper.js';
import { addSecondTenant } from './users-fixture.js';

/** Shared setup of the workflow management tests. */

/**
 * A second tenant whose signed-in user is its super_admin, on a package holding the workflow menus
 * (so its calls pass the permission checks and tenant isolation shows in the data).
 */
export const addTenantAdmin = async (
  t: TestApp,
): Promise<{ tenantId: number; userId: number; token: string }> => {
  const second = await addSecondTenant(t);
  const base = { tenantId: second.tenantId, creator: null, updater: null };
  const { id: roleId } = await t.db.kysely
    .insertInto('systemRole')
    .values({
      ...base,
      name: '租户二管理员',
      code: SUPER_ADMIN_ROLE,
      sort: 1,
      dataScope: 1,
      dataScopeDeptIds: '[]',
      status: 0,
      type: 1,
      remark: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.kysely
    .insertInto('systemUserRole')
    .values({ ...base, userId: second.userId, roleId })
    .execute();
  const menus = await t.db.kysely
    .selectFrom('systemMenu')
    .select('id')
    .where('permission', 'like', 'bpm:%')
    .execute();
  const { id: packageId } = await t.db.kysely
    .insertInto('systemTenantPackage')
    .values({
      name: '工作流套餐',
      status: 0,
      remark: null,
      menuIds: JSON.stringify(menus.map((m) => m.id)),
      creator: null,
      updater: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.kysely
    .updateTable('systemTenant')
    .set({ packageId })
    .where('id', '=', second.tenantId)
    .execute();
  await t.app.bus.publish('permission');
  return { tenantId: second.tenantId, userId: second.userId, token: second.token };
};

/** A user of tenant 1 (no roles) in `deptId`; `status` 1 is disabled. */
export const insertUser = async (
  t: TestApp,
  opts: { username: string; deptId: number | null; status?: number },
): Promise<number> => {
  const { id } = await t.db.kysely
    .insertInto('systemUsers')
    .values({
      tenantId: 1,
      username: opts.username,
      password: await hashPassword('bpm12345'),
      nickname: `用户${opts.username}`,
      status: opts.status ?? 0,
      remark: null,
      deptId: opts.deptId,
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
  return id;
};

/** A department of tenant 1. */
export const insertDept = async (
  t: TestApp,
  opts: { name: string; parentId: number; leaderUserId?: number | null; status?: number },
): Promise<number> => {
  const { id } = await t.db.kysely
    .insertInto('systemDept')
    .values({
      tenantId: 1,
      name: opts.name,
      parentId: opts.parentId,
      sort: 0,
      leaderUserId: opts.leaderUserId ?? null,
      phone: null,
      email: null,
      status: opts.status ?? 0,
      creator: null,
      updater: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
};

/** A Flowable diagram: start → the user tasks in a row → end. */
export const diagram = (key: string, name: string, tasks: { id: string; name: string }[]): string => {
  const nodes = ['start', ...tasks.map((task) => task.id), 'end'];
  const flows = nodes
    .slice(1)
    .map((target, i) => `<sequenceFlow id="flow_${i}" sourceRef="${nodes[i]}" targetRef="${target}" />`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://www.flowable.org/processdef">
  <process id="${key}" name="${name}" isExecutable="true">
    <startEvent id="start" />
    ${tasks.map((task) => `<userTask id="${task.id}" name="${task.name}" />`).join('\n    ')}
    <endEvent id="end" />
    ${flows.join('\n    ')}
  </process>
</definitions>
`;
};

/** A multipart/form-data body of text fields and one file, as a browser sends it. */
export const multipart = (
  fields: Record<string, string>,
  file?: { name: string; filename: string; content: string },
) => {
  const boundary = '----bpm-test-boundary';
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  if (file)
    parts.push(
      `--${boundary}\r\ncontent-disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\ncontent-type: application/octet-stream\r\n\r\n${file.content}\r\n`,
    );
  return {
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
};
