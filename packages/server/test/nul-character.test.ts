import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasNulCharacter } from '../src/lib/nul-character.js';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';

/* U+0000 in request input: PostgreSQL cannot store it, so every dialect refuses it before validation. */

it('finds U+0000 in any text of the input, keys included, and nowhere else', () => {
  expect(hasNulCharacter({ a: [{ b: 'x' }, 'y'], c: null, d: 1 })).toBe(false);
  expect(hasNulCharacter({ a: [{ b: 'x\u0000' }] })).toBe(true);
  expect(hasNulCharacter({ 'k\u0000': 1 })).toBe(true);
  expect(hasNulCharacter('\u0000')).toBe(true);
  // The query parser's records have a prototype of their own whose prototype is null.
  function Empty() {}
  Empty.prototype = Object.create(null) as object;
  const query = Object.assign(new (Empty as unknown as new () => object)(), { name: 'a\u0000b' });
  expect(hasNulCharacter(query)).toBe(true);
  // File bytes are not text.
  expect(hasNulCharacter({ file: Buffer.from([0, 0]) })).toBe(false);
  // Deeper than the call stack goes.
  let deep: unknown = 'end\u0000';
  for (let i = 0; i < 200_000; i++) deep = [deep];
  expect(hasNulCharacter(deep)).toBe(true);
});

describe.each(DIALECTS)('requests with U+0000 on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.login()).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  it('are refused with 400 wherever the character is, and store nothing', async () => {
    const refused = { code: 400, msg: '请求参数不正确:文本不能包含空字符（U+0000）' };
    const posts = async () =>
      (await t.api({ path: '/system/post/page', query: { pageSize: '100' }, token: admin })).data as {
        total: number;
      };
    const before = (await posts()).total;
    const body = { name: '岗位\u0000', code: 'nul', sort: 0, status: 0 };
    expect(await t.api({ method: 'POST', path: '/system/post/create', body, token: admin })).toMatchObject(
      refused,
    );
    expect(
      await t.api({ path: '/system/post/page', query: { code: 'a\u0000b' }, token: admin }),
    ).toMatchObject(refused);
    expect(await t.api({ path: '/system/dict-data/type/a%00b', token: admin })).toMatchObject(refused);
    expect((await posts()).total).toBe(before);
  });
});
