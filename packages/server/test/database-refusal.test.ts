import { defineEndpoint, SIGNED_IN } from '@app/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routeRegistrar } from '../src/plugins/routes.js';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';

/*
 * A value the contract lets through but the database refuses (PostgreSQL enforces integer ranges,
 * SQLite does not) is the client's mistake: 400 数值超出范围, not 系统异常.
 */

const asInteger = defineEndpoint({
  method: 'POST',
  path: '/test/as-integer',
  summary: '把数当作 integer 读回',
  tag: '测试',
  access: SIGNED_IN,
  body: z.object({ value: z.number() }),
  data: z.number(),
});

describe.each(DIALECTS)('a value the database refuses on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      beforeReady: (app) =>
        routeRegistrar(app, '/admin-api')(asInteger, async ({ body }) => {
          const { rows } = await sql<{ n: number }>`select cast(${body.value} as integer) as n`.execute(
            t.db.kysely,
          );
          return Number(rows[0]!.n);
        }),
    });
    admin = (await t.login()).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 400 数值超出范围 where the database refuses it, the value where it takes it', async () => {
    const call = (value: number) =>
      t.api({ method: 'POST', path: '/test/as-integer', body: { value }, token: admin });
    expect(await call(7)).toMatchObject({ code: 0, data: 7 });
    expect(await call(2 ** 40)).toMatchObject(
      dialect === 'postgres' ? { code: 400, msg: '请求参数不正确:数值超出范围' } : { code: 0, data: 2 ** 40 },
    );
  });
});
