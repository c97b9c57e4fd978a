import type { PageResult, Post } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { contains, containsPattern } from '../src/lib/crud/index.js';
import { createTestApp, DIALECTS, freshDatabase, type TestApp } from './helper.js';

// Names chosen so that an unescaped wildcard, a case-sensitive LIKE or a broken escape each
// return a different set of rows.
const NAMES = [
  '50% 折扣',
  '50 折扣',
  'a_b',
  'axb',
  'Manager',
  'MANAGER',
  'manager',
  '项目经理',
  '经理助理',
  'back\\slash',
  'backslash',
];

/** Each search and the names it must find, the same on every dialect. */
const SEARCHES: [string, string[]][] = [
  ['%', ['50% 折扣']],
  ['50%', ['50% 折扣']],
  ['_', ['a_b']],
  ['a_b', ['a_b']],
  ['manager', ['Manager', 'MANAGER', 'manager']],
  ['MaNaGeR', ['Manager', 'MANAGER', 'manager']],
  ['经理', ['项目经理', '经理助理']],
  ['项目', ['项目经理']],
  ['\\', ['back\\slash']],
  ['k\\s', ['back\\slash']],
  ['折扣', ['50% 折扣', '50 折扣']],
  ['nothing', []],
];

describe('containsPattern', () => {
  it('escapes the wildcards and the escape character, lower-cased', () => {
    expect(containsPattern('50%_A\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe.each(DIALECTS)('contains on %s', (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await freshDatabase(dialect));
    // A global table, so no tenant scope is involved.
    await db.kysely
      .insertInto('systemDictType')
      .values(NAMES.map((name, i) => ({ name, type: `crud_search_${i}`, status: 0, remark: null })))
      .execute();
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  it.each(SEARCHES)('finds %j in exactly the expected rows', async (text, expected) => {
    const rows = await db.kysely
      .selectFrom('systemDictType')
      .select('name')
      .where('type', 'like', 'crud_search_%')
      .where(contains('name', text))
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.name)).toEqual(expected);
  });
});

describe.each(DIALECTS)('module searches on %s', (dialect) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.login()).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  const postNames = async (query: Record<string, string>) => {
    const res = await t.api({
      path: '/system/post/page',
      query: { pageNo: '1', pageSize: '50', ...query },
      token: admin,
    });
    expect(res.code).toBe(0);
    return (res.data as PageResult<Post>).list.map((p) => p.code);
  };

  it('treats % and _ in a filter as text and ignores case (a former raw LIKE)', async () => {
    expect(await postNames({ code: '%' })).toEqual([]);
    expect(await postNames({ code: '_' })).toEqual([]);
    expect(await postNames({ code: 'CE' })).toEqual(['ceo']);
    expect(await postNames({ name: '经理' })).toEqual(['pm']);
  });

  it('searches users by account the same way on the trigram-indexed path', async () => {
    const res = await t.api({
      path: '/system/user/page',
      query: { pageNo: '1', pageSize: '50', username: 'ADM' },
      token: admin,
    });
    expect(res.code).toBe(0);
    expect((res.data as PageResult<{ username: string }>).list.map((u) => u.username)).toContain('admin');
    const none = await t.api({
      path: '/system/user/page',
      query: { pageNo: '1', pageSize: '50', username: '%' },
      token: admin,
    });
    expect((none.data as PageResult<unknown>).total).toBe(0);
  });
});
