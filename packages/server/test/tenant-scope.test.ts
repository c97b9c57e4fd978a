import { defineEndpoint, PUBLIC, SIGNED_IN } from '@app/contract';
import { type Insertable, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { openDatabase, type Db } from '../src/db/database.js';
import type { Database } from '../src/db/schema.js';
import {
  currentTenantScope,
  isTenantIgnoredTable,
  TenantScopeError,
  withoutTenantScope,
  withTenantScope,
} from '../src/db/tenant-scope.js';
import { createPoller } from '../src/lib/poller.js';
import { routeRegistrar } from '../src/plugins/routes.js';
import { createTestApp, DIALECTS, freshDatabase, type TestApp } from './helper.js';
import { addSecondTenant } from './users-fixture.js';

const A = 1;

describe.each(DIALECTS)('the tenant scope plugin on %s', (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;
  let B: number;
  let bDept: number;
  const audit = { creator: null, updater: null };

  const post = (tenantId: number, name: string) =>
    db.kysely
      .insertInto('systemPost')
      .values({ ...audit, tenantId, code: name, name, sort: 1, status: 0, remark: null })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.id));
  const postNames = () =>
    db.kysely
      .selectFrom('systemPost')
      .select(['name', 'tenantId', 'remark'])
      .where('code', 'like', 'scope-%')
      .orderBy('name')
      .execute();
  const names = (rows: { name: string }[]) => rows.map((r) => r.name).sort();

  beforeAll(async () => {
    ({ db, drop } = await freshDatabase(dialect));
    const tenant = await db.kysely
      .insertInto('systemTenant')
      .values({
        ...audit,
        name: '范围测试租户',
        contactUserId: null,
        contactName: '乙',
        contactMobile: null,
        status: 0,
        domain: null,
        packageId: 1,
        expireTime: Date.UTC(2099, 0, 1),
        accountCount: 10,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    B = Number(tenant.id);
    await post(A, 'scope-a1');
    await post(A, 'scope-a2');
    await post(B, 'scope-b1');
    bDept = Number(
      (
        await db.kysely
          .insertInto('systemDept')
          .values({
            ...audit,
            tenantId: B,
            name: '乙部门',
            parentId: 0,
            sort: 0,
            leaderUserId: null,
            phone: null,
            email: null,
            status: 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    // A user of A pointing at B's department: a LEFT JOIN must keep the user and drop the department.
    await db.kysely
      .insertInto('systemUsers')
      .values({
        ...audit,
        tenantId: A,
        username: 'scopeuser',
        password: '',
        nickname: '范围用户',
        remark: null,
        deptId: bDept,
        email: null,
        mobile: null,
        sex: null,
        avatar: null,
        status: 0,
        loginIp: null,
        loginDate: null,
      })
      .execute();
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  it('reads the tenant tables from the schema and leaves the ignore list out', async () => {
    const tables = db.tenantScope.scopedTables;
    for (const table of ['system_users', 'system_post', 'system_role_menu', 'bpm_task', 'system_operate_log'])
      expect(tables.has(table), table).toBe(true);
    for (const table of [
      'system_tenant',
      'system_menu',
      'system_dict_data',
      'system_mail_log',
      'infra_config',
    ])
      expect(tables.has(table), table).toBe(false);
    expect(isTenantIgnoredTable('system_sms_template')).toBe(true);
    expect(isTenantIgnoredTable('infra_demo01_contact')).toBe(false);
    expect(isTenantIgnoredTable('infra_api_error_log')).toBe(false);

    // A new table with tenant_id is covered without a list to edit, whatever its prefix.
    const k = db.kysely;
    await k.schema.createTable('zz_scope_probe').addColumn('tenant_id', 'bigint').execute();
    await k.schema.createTable('infra_scope_probe').addColumn('tenant_id', 'bigint').execute();
    try {
      const reloaded = await db.tenantScope.load(k, db.dialect);
      expect(reloaded.has('zz_scope_probe')).toBe(true);
      expect(reloaded.has('infra_scope_probe')).toBe(true);
    } finally {
      await k.schema.dropTable('zz_scope_probe').execute();
      await k.schema.dropTable('infra_scope_probe').execute();
      await db.tenantScope.load(k, db.dialect);
    }
    expect(db.tenantScope.scopedTables.has('zz_scope_probe')).toBe(false);
  });

  it('confines a query without a tenant condition to the scope, and only inside it', async () => {
    const all = () =>
      db.kysely.selectFrom('systemPost').select('name').where('code', 'like', 'scope-%').execute();
    expect(names(await withTenantScope(A, all))).toEqual(['scope-a1', 'scope-a2']);
    expect(names(await withTenantScope(B, all))).toEqual(['scope-b1']);
    expect(names(await all())).toEqual(['scope-a1', 'scope-a2', 'scope-b1']);
    // An explicit condition for another tenant finds nothing instead of lifting the scope.
    const theirs = await withTenantScope(A, () =>
      db.kysely.selectFrom('systemPost').select('name').where('tenantId', '=', B).execute(),
    );
    expect(theirs).toEqual([]);
    // OR conditions stay inside the scope (B's post matches the OR, but not the tenant).
    const either = await withTenantScope(A, () =>
      db.kysely
        .selectFrom('systemPost')
        .select('name')
        .where((eb) => eb.or([eb('name', '=', 'scope-a1'), eb('name', '=', 'scope-b1')]))
        .execute(),
    );
    expect(names(either)).toEqual(['scope-a1']);
  });

  it('filters joined tables in ON (a LEFT JOIN keeps its row) and subqueries', async () => {
    const joined = (kind: 'left' | 'inner') =>
      withTenantScope(A, () => {
        const from = db.kysely.selectFrom('systemUsers as u');
        const q =
          kind === 'left'
            ? from.leftJoin('systemDept as d', 'd.id', 'u.deptId')
            : from.innerJoin('systemDept as d', 'd.id', 'u.deptId');
        return q.select(['u.nickname', 'd.name as deptName']).where('u.username', '=', 'scopeuser').execute();
      });
    expect(await joined('left')).toEqual([{ nickname: '范围用户', deptName: null }]);
    expect(await joined('inner')).toEqual([]);
    // Unscoped, the (wrong) department is there: the scope made the difference.
    expect(
      await db.kysely
        .selectFrom('systemUsers as u')
        .innerJoin('systemDept as d', 'd.id', 'u.deptId')
        .select('d.name')
        .where('u.username', '=', 'scopeuser')
        .execute(),
    ).toEqual([{ name: '乙部门' }]);

    const nested = await withTenantScope(A, () =>
      db.kysely
        .selectFrom('systemTenant')
        .select('id')
        .where('id', 'in', (eb) => eb.selectFrom('systemDept').select('tenantId').where('id', '=', bDept))
        .execute(),
    );
    expect(nested).toEqual([]);
  });

  it('confines updates and deletes, and refuses to move a row to another tenant', async () => {
    await withTenantScope(A, () =>
      db.kysely
        .updateTable('systemPost')
        .set({ remark: 'touched' })
        .where('code', 'like', 'scope-%')
        .execute(),
    );
    expect((await postNames()).map((r) => [r.name, r.remark])).toEqual([
      ['scope-a1', 'touched'],
      ['scope-a2', 'touched'],
      ['scope-b1', null],
    ]);
    const deleted = await withTenantScope(A, () =>
      db.kysely.deleteFrom('systemPost').where('name', '=', 'scope-b1').executeTakeFirst(),
    );
    expect(Number(deleted.numDeletedRows)).toBe(0);
    await expect(
      withTenantScope(A, () =>
        db.kysely.updateTable('systemPost').set({ tenantId: B }).where('name', '=', 'scope-a1').execute(),
      ),
    ).rejects.toBeInstanceOf(TenantScopeError);
    expect(names(await postNames())).toEqual(['scope-a1', 'scope-a2', 'scope-b1']);
  });

  it("stamps inserts with the scope's tenant and refuses rows of another tenant", async () => {
    // The row type demands tenantId: these rows are what a query that forgets it would write.
    const values = (name: string) =>
      ({ ...audit, code: name, name, sort: 1, status: 0, remark: null }) as Insertable<
        Database['systemPost']
      >;
    await withTenantScope(A, () => db.kysely.insertInto('systemPost').values(values('scope-a3')).execute());
    await expect(
      withTenantScope(A, () =>
        db.kysely
          .insertInto('systemPost')
          .values({ ...values('scope-x1'), tenantId: B })
          .execute(),
      ),
    ).rejects.toThrow(`租户 ${A} 的范围内不能写入租户 ${B} 的数据`);
    await expect(
      withTenantScope(A, () =>
        db.kysely
          .insertInto('systemPost')
          .values([
            { ...values('scope-x2'), tenantId: A },
            { ...values('scope-x3'), tenantId: B },
          ])
          .execute(),
      ),
    ).rejects.toBeInstanceOf(TenantScopeError);
    const rows = await postNames();
    expect(rows.find((r) => r.name === 'scope-a3')?.tenantId).toBe(A);
    expect(rows.map((r) => r.name)).not.toContain('scope-x1');
    expect(rows.map((r) => r.name)).not.toContain('scope-x2');
  });

  it("never lets an upsert take over another tenant's row", async () => {
    const bPost = await post(B, 'scope-b2');
    await withTenantScope(A, () =>
      db.kysely
        .insertInto('systemPost')
        .values({
          ...audit,
          id: bPost,
          tenantId: A,
          code: 'scope-b2',
          name: 'scope-hijack',
          sort: 1,
          status: 0,
          remark: null,
        })
        .onConflict((oc) => oc.column('id').doUpdateSet({ name: 'scope-hijack' }))
        .execute(),
    );
    const row = await db.kysely
      .selectFrom('systemPost')
      .select(['name', 'tenantId'])
      .where('id', '=', bPost)
      .executeTakeFirst();
    expect(row).toEqual({ name: 'scope-b2', tenantId: B });
  });

  it('binds the tenant as a parameter', () => {
    const compiled = withTenantScope(B, () =>
      db.kysely.selectFrom('systemPost as p').select('p.name').where('p.code', '=', 'x').compile(),
    );
    const [p1, p2] = dialect === 'postgres' ? ['$1', '$2'] : ['?', '?'];
    expect(compiled.sql).toBe(
      `select "p"."name" from "system_post" as "p" where "p"."code" = ${p1} and "p"."tenant_id" = ${p2}`,
    );
    expect(compiled.parameters).toEqual(['x', B]);
    // The repositories' own condition for the same tenant is not repeated.
    const explicit = withTenantScope(B, () =>
      db.kysely.selectFrom('systemPost').select('name').where('tenantId', '=', B).compile(),
    );
    expect(explicit.sql.match(/tenant_id/g)).toHaveLength(1);
  });

  it('refuses raw SQL over a tenant table inside a scope', async () => {
    const raw = () =>
      sql<{ name: string }>`select name from system_post where code like ${'scope-%'}`.execute(db.kysely);
    await expect(withTenantScope(A, raw)).rejects.toBeInstanceOf(TenantScopeError);
    expect((await raw()).rows.length).toBeGreaterThan(0);
    await expect(withTenantScope(A, () => sql`select 1 as one`.execute(db.kysely))).resolves.toBeDefined();
  });

  it('keeps the scope through transactions and awaits; withoutTenantScope lifts it', async () => {
    const inTx = await withTenantScope(A, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return db.kysely
        .transaction()
        .execute((tx) =>
          tx.selectFrom('systemPost').select('name').where('code', 'like', 'scope-%').execute(),
        );
    });
    expect(names(inTx)).toEqual(['scope-a1', 'scope-a2', 'scope-a3']);
    const lifted = await withTenantScope(A, () =>
      withoutTenantScope(() =>
        db.kysely.selectFrom('systemPost').select('name').where('code', 'like', 'scope-b%').execute(),
      ),
    );
    expect(names(lifted)).toEqual(['scope-b1', 'scope-b2']);
    expect(withTenantScope(A, () => withoutTenantScope(currentTenantScope))).toBeNull();
  });
});

describe('the tenant scope before the schema is read', () => {
  it('refuses queries inside a scope instead of running them unfiltered', async () => {
    const db = openDatabase({ sqliteFile: ':memory:' });
    try {
      await expect(
        withTenantScope(1, () => db.kysely.selectFrom('systemPost').selectAll().execute()),
      ).rejects.toThrow('租户表清单尚未从数据库读取');
    } finally {
      await db.close();
    }
  });
});

describe('the request tenant scope', () => {
  const answer = z.object({ scope: z.number().nullable(), posts: z.array(z.string()) });
  const probe = (path: string, extra: Partial<Parameters<typeof defineEndpoint>[0]>) =>
    defineEndpoint({
      method: 'GET',
      path,
      summary: 'probe',
      tag: 'test',
      access: SIGNED_IN,
      data: answer,
      ...extra,
    });
  const signedIn = probe('/test/scope', {});
  const ignoring = probe('/test/scope-ignored', { access: PUBLIC, tenant: 'ignore' });
  let t: TestApp;
  let admin: string;
  let tenant2: Awaited<ReturnType<typeof addSecondTenant>>;

  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      beforeReady: (app) => {
        const route = routeRegistrar(app, '/admin-api');
        // Reads every post without a tenant condition, after an await, as a forgetful handler would.
        const handler = async () => {
          await new Promise((resolve) => setTimeout(resolve, 1));
          const rows = await t.db.kysely.selectFrom('systemPost').select('name').orderBy('id').execute();
          return { scope: currentTenantScope(), posts: rows.map((r) => r.name) };
        };
        route(signedIn, handler);
        route(ignoring, handler);
      },
    });
    admin = (await t.login()).accessToken;
    tenant2 = await addSecondTenant(t);
    await t.db.kysely
      .insertInto('systemPost')
      .values({
        tenantId: tenant2.tenantId,
        code: 't2',
        name: '租户二岗',
        sort: 1,
        status: 0,
        remark: null,
        creator: null,
        updater: null,
      })
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it("runs the handler in the scope of the caller's tenant", async () => {
    const mine = await t.api({ path: '/test/scope', token: admin });
    expect(mine.data).toMatchObject({ scope: 1 });
    expect((mine.data as { posts: string[] }).posts).not.toContain('租户二岗');
    expect((mine.data as { posts: string[] }).posts.length).toBeGreaterThan(0);
    const theirs = await t.api({ path: '/test/scope', token: tenant2.token, tenant: tenant2.tenantId });
    expect(theirs.data).toEqual({ scope: tenant2.tenantId, posts: ['租户二岗'] });
  });

  it('leaves routes that ignore the tenant unscoped', async () => {
    const res = await t.api({ path: '/test/scope-ignored', tenant: null });
    expect((res.data as { scope: number | null }).scope).toBeNull();
    expect((res.data as { posts: string[] }).posts).toContain('租户二岗');
  });

  it('runs a poller started inside a request scope outside it', async () => {
    let seen: number | null | undefined;
    const poller = createPoller(
      async () => {
        seen = currentTenantScope();
        return 0;
      },
      { intervalMs: 1, log: t.app.log, failureMessage: 'probe' },
    );
    withTenantScope(7, () => poller.start());
    await vi.waitFor(() => expect(seen).not.toBeUndefined());
    await poller.stop();
    expect(seen).toBeNull();
  });
});
