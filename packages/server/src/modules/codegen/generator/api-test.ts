import {
  type GenColumn,
  type GenSub,
  type GenTable,
  type Names,
  type SubNames,
  subNamesOf,
  columnsOf,
  isBoolean,
  isDateTime,
  isNumeric,
  isWhole,
  labelOf,
  maxLengthOf,
  str,
} from './model.js';

/* The module's API test: every endpoint through fastify.inject, on SQLite and (when up) PostgreSQL. */

/** Rich text a generated test stores, to see the script, the event attribute and the URL go. */
const HOSTILE_HTML =
  '<p onclick="steal()">简介<script>alert(1)</script><a href="javascript:alert(1)">链接</a></p>';
const SANITISED_HTML = '<p>简介<a>链接</a></p>';

/** A valid value of a column, the `k`th of its kind (1 or 2), as TypeScript source. */
const sample = (c: GenColumn, k: 1 | 2): string => {
  if (c.javaField === 'parentId') return '0';
  if (isBoolean(c)) return k === 1 ? 'true' : 'false';
  if (isDateTime(c)) return k === 1 ? '1_700_000_000_000' : '1_700_086_400_000';
  if (isWhole(c)) return String(k);
  if (isNumeric(c)) return k === 1 ? '1.5' : '2.5';
  const max = maxLengthOf(c) ?? 64;
  const base = c.example || labelOf(c);
  return str(`${base.slice(0, Math.max(1, max - 1))}${k}`.slice(-max));
};

/** A sub-table's rows in a body, the \`k\`th of their kind. */
const subSample = (table: GenTable, sub: GenSub, k: 1 | 2): string => {
  const s = subNamesOf(table, sub);
  const written = columnsOf(sub.columns).created.filter((c) => c !== s.join);
  const row = (i: 1 | 2) => `{ ${written.map((c) => `${c.javaField}: ${sample(c, i)}`).join(', ')} }`;
  return `${s.field}: ${sub.many ? (k === 1 ? `[${row(1)}, ${row(2)}]` : `[${row(2)}]`) : row(k)}`;
};

/** A rich-text column long enough for a hostile fragment, to prove the allow-list runs before storing. */
const richTextOf = (columns: readonly GenColumn[]): GenColumn | undefined =>
  columns.find((c) => c.htmlType === 'editor' && (maxLengthOf(c) ?? Infinity) >= HOSTILE_HTML.length);

/** A sub-table's rich text, saved with its master: it passes the allow-list like the master's own. */
const subRichTextTest = (sub: GenSub, s: SubNames): string => {
  const field = richTextOf(columnsOf(sub.columns).created.filter((c) => c !== s.join))?.javaField;
  if (!field) return '';
  const hostileRows = sub.many
    ? `[{ ...input.${s.field}[0], ${field}: hostile }]`
    : `{ ...input.${s.field}, ${field}: hostile }`;
  return `
  it('stores the ${s.entity}’s ${field} through the rich-text allow-list', async () => {
    const hostile = ${str(HOSTILE_HTML)};
    const id = (await call('POST', '/create', { body: { ...input, ${s.field}: ${hostileRows} } })).data as number;
    const stored = (await call('GET', '/${s.segment}/${s.byJoin}', { query: { ${s.join.javaField}: String(id) } })).data as ${sub.many ? `{ ${field}: string }[]` : `{ ${field}: string }`};
    expect(stored${sub.many ? '[0]!' : ''}.${field}).toBe(${str(SANITISED_HTML)});
  });
`;
};

/** An ERP sub-table's own endpoints: its rows of one master, written on their own. */
const erpTest = (n: Names, sub: GenSub, s: SubNames, i: number): string => {
  const join = s.join.javaField;
  const written = columnsOf(sub.columns).created.filter((c) => c !== s.join);
  const row = (k: 1 | 2) => `{ ${written.map((c) => `${c.javaField}: ${sample(c, k)}`).join(', ')} }`;
  const code = n.errorBase + 10 * (i + 1);
  const rich = richTextOf(written)?.javaField;
  return `
  it('keeps the ${s.entity} of a ${n.entity} in their own list', async () => {
    const master = (await call('POST', '/create', { body: input })).data as number;
    const sub = (path: string, extra: { query?: Record<string, string>; body?: unknown } = {}, method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET') =>
      call(method, \`/${s.segment}/\${path}\`, extra);
    const created = await sub('create', { body: { ${join}: master, ...${row(1)} } }, 'POST');
    expect(created.code, created.msg).toBe(0);
    const id = created.data as number;
    ${
      sub.many
        ? ''
        : `expect((await sub('create', { body: { ${join}: master, ...${row(2)} } }, 'POST')).code).toBe(${code + 1});
    `
    }expect((await sub('create', { body: { ${join}: 999_999_999, ...${row(1)} } }, 'POST')).code).toBe(${n.errorBase});
    expect((await sub('get', { query: { id: String(id) } })).data).toMatchObject({ id, ${join}: master, ...${row(1)} });
    // The reference client updates by POST, others by PUT.
    expect((await sub('update', { body: { id, ${join}: master, ...${row(2)} } }, 'POST')).code).toBe(0);
    expect((await sub('update', { body: { id, ${join}: master, ...${row(2)} } }, 'PUT')).code).toBe(0);
    const page = (await sub('page', { query: { ${join}: String(master), pageNo: '1', pageSize: '10' } })).data as PageResult<{ id: number }>;
    expect(page.list.map((r) => r.id)).toEqual([id]);
    expect((await sub('page')).code).toBe(400);
    expect((await sub('delete', { query: { id: '999999999' } }, 'DELETE')).code).toBe(${code});
    expect((await sub('delete-list', { query: { ids: String(id) } }, 'DELETE')).code).toBe(0);
    expect((await sub('get', { query: { id: String(id) } })).data).toBeNull();
${
  rich
    ? `    const hostile = ${str(HOSTILE_HTML)};
    const rich = (await sub('create', { body: { ${join}: master, ...${row(1)}, ${rich}: hostile } }, 'POST')).data as number;
    const stored = async () => ((await sub('get', { query: { id: String(rich) } })).data as { ${rich}: string }).${rich};
    expect(await stored()).toBe(${str(SANITISED_HTML)});
    expect((await sub('update', { body: { id: rich, ${join}: master, ...${row(2)}, ${rich}: hostile } }, 'PUT')).code).toBe(0);
    expect(await stored()).toBe(${str(SANITISED_HTML)});
    expect((await sub('delete', { query: { id: String(rich) } }, 'DELETE')).code).toBe(0);
`
    : ''
}    const again = (await sub('create', { body: { ${join}: master, ...${row(1)} } }, 'POST')).data as number;
    expect((await call('DELETE', '/delete', { query: { id: String(master) } })).code).toBe(0);
    expect((await sub('get', { query: { id: String(again) } })).data).toBeNull();
  });
`;
};

export const apiTestFile = (
  table: GenTable,
  columns: readonly GenColumn[],
  n: Names,
  migration: string,
  subs: readonly GenSub[] = [],
): string => {
  const cols = columnsOf(columns);
  const subNames = subs.map((sub) => ({ sub, s: subNamesOf(table, sub) }));
  const nameColumn = n.isTree ? columns.find((c) => c.columnName === table.treeNameColumn)! : undefined;
  const textSearch = cols.searched.find((c) => c.listOperationCondition === 'LIKE' && c.createOperation);
  const list = n.isTree ? '/list' : '/page';
  const rowsOf = n.isTree
    ? `((await call('GET', '/list', { query })).data as ${n.pascal}[])`
    : `((await call('GET', '/page', { query: { pageNo: '1', pageSize: '100', ...query } })).data as PageResult<${n.pascal}>).list`;
  const firstRequired = cols.created.find((c) => !c.nullable);
  const richText = richTextOf(cols.created);
  return `import type { ${n.pascal}${n.isTree ? '' : ', PageResult'} } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
${cols.tenant ? `import { MENUS } from '../src/db/migrations/${migration}.js';\n` : ''}import { createTestApp, DIALECTS, type TestApp } from './helper.js';
${cols.tenant ? `import { createPackage, createTenantAndSignIn, tenantBody } from './tenant-fixture.js';\n` : ''}
/* ${n.entity} (${n.apiBase}, generated by 代码生成 from ${table.tableName}): every endpoint, on every dialect. */

describe.each(DIALECTS)('${n.entity} on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.login()).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    extra: { query?: Record<string, string>; body?: unknown } = {},
    token: string | null = admin,
    tenant = 1,
  ) => t.api({ method, path: \`${n.apiBase}\${path}\`, token, tenant, ...extra });
  const rows = async (query: Record<string, string> = {}) => ${rowsOf};
  const input = {
    ${[...cols.created.map((c) => `${c.javaField}: ${sample(c, 1)}`), ...(n.isMaster ? subs.map((sub) => subSample(table, sub, 1)) : [])].join(',\n    ')},
  };
  const changed = {
    ${[...cols.updated.map((c) => `${c.javaField}: ${sample(c, 2)}`), ...(n.isMaster ? subs.map((sub) => subSample(table, sub, 2)) : [])].join(',\n    ')},
  };

  it('creates, reads, updates, lists, exports and deletes', async () => {
    const created = await call('POST', '/create', { body: input });
    expect(created.code).toBe(0);
    const id = created.data as number;
    expect((await call('GET', '/get', { query: { id: String(id) } })).data).toMatchObject(input);

    expect((await call('PUT', '/update', { body: { id, ...changed } })).code).toBe(0);
    expect((await call('GET', '/get', { query: { id: String(id) } })).data).toMatchObject(changed);
    expect((await rows()).map((r) => r.id)).toContain(id);
${
  textSearch && textSearch.updateOperation
    ? `    expect((await rows({ ${textSearch.javaField}: String(changed.${textSearch.javaField}) })).map((r) => r.id)).toEqual([id]);
    expect(await rows({ ${textSearch.javaField}: '不存在的值' })).toEqual([]);
`
    : ''
}
    const exported = await t.app.inject({
      method: 'GET',
      url: '/admin-api${n.apiBase}/export-excel',
      headers: { authorization: \`Bearer \${admin}\`, 'tenant-id': '1' },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');

    expect((await call('DELETE', '/delete', { query: { id: String(id) } })).code).toBe(0);
    expect((await call('GET', '/get', { query: { id: String(id) } })).data).toBeNull();
    expect((await call('DELETE', '/delete', { query: { id: String(id) } })).code).toBe(${n.errorBase});
  });
${
  richText
    ? `
  it('stores ${richText.javaField} through the rich-text allow-list: no script, event attribute or javascript: URL', async () => {
    const hostile = ${str(HOSTILE_HTML)};
    const id = (await call('POST', '/create', { body: { ...input, ${richText.javaField}: hostile } })).data as number;
    const stored = async () =>
      ((await call('GET', '/get', { query: { id: String(id) } })).data as { ${richText.javaField}: string }).${richText.javaField};
    expect(await stored()).toBe(${str(SANITISED_HTML)});${
      richText.updateOperation
        ? `
    expect((await call('PUT', '/update', { body: { id, ...changed, ${richText.javaField}: hostile } })).code).toBe(0);
    expect(await stored()).toBe(${str(SANITISED_HTML)});`
        : ''
    }
  });
`
    : ''
}${
    n.isTree
      ? `
  it('keeps the tree whole: parents exist, no loops, unique names under a parent, no orphans', async () => {
    const root = (await call('POST', '/create', { body: input })).data as number;
    const child = (await call('POST', '/create', { body: { ...input, parentId: root, ${nameColumn!.javaField}: ${sample(nameColumn!, 2)} } }))
      .data as number;
    expect(child).toBeGreaterThan(0);
    expect((await call('POST', '/create', { body: input })).code).toBe(${n.errorBase + 5});
    expect((await call('POST', '/create', { body: { ...input, parentId: 999_999_999 } })).code).toBe(${n.errorBase + 2});
    expect((await call('PUT', '/update', { body: { ...input, id: root, parentId: root } })).code).toBe(${n.errorBase + 3});
    expect((await call('PUT', '/update', { body: { ...input, id: root, parentId: child } })).code).toBe(${n.errorBase + 4});
    expect((await call('DELETE', '/delete', { query: { id: String(root) } })).code).toBe(${n.errorBase + 1});
    expect((await call('DELETE', '/delete', { query: { id: String(child) } })).code).toBe(0);
    expect((await call('DELETE', '/delete', { query: { id: String(root) } })).code).toBe(0);
  });
`
      : `
  it('deletes a list of rows', async () => {
    const ids = [
      (await call('POST', '/create', { body: input })).data as number,
      (await call('POST', '/create', { body: input })).data as number,
    ];
    expect((await call('DELETE', '/delete-list', { query: { ids: ids.join(',') } })).code).toBe(0);
    expect((await rows()).map((r) => r.id)).not.toContain(ids[0]);
    expect((await call('DELETE', '/delete-list', { query: { ids: 'x' } })).code).toBe(400);
  });
`
  }
${
  n.isMaster
    ? `
  it('keeps the sub-tables’ rows with their ${n.entity}', async () => {
    const id = (await call('POST', '/create', { body: input })).data as number;
    const byMaster = async () => ({
      ${subNames.map(({ s }) => `${s.field}: (await call('GET', '/${s.segment}/${s.byJoin}', { query: { ${s.join.javaField}: String(id) } })).data`).join(',\n      ')},
    });
    expect(await byMaster()).toMatchObject({ ${subNames.map(({ s }) => `${s.field}: input.${s.field}`).join(', ')} });
    expect((await call('PUT', '/update', { body: { id, ...changed } })).code).toBe(0);
    expect(await byMaster()).toMatchObject({ ${subNames.map(({ s }) => `${s.field}: changed.${s.field}`).join(', ')} });
    ${subNames
      .filter(({ sub }) => sub.many)
      .map(({ s }) => `expect((await byMaster()).${s.field}).toHaveLength(changed.${s.field}.length);`)
      .join('\n    ')}
    expect((await call('DELETE', '/delete', { query: { id: String(id) } })).code).toBe(0);
    expect(await byMaster()).toEqual({ ${subNames.map(({ sub, s }) => `${s.field}: ${sub.many ? '[]' : 'null'}`).join(', ')} });
    expect((await call('GET', '/${subNames[0]!.s.segment}/${subNames[0]!.s.byJoin}', { query: { ${subNames[0]!.s.join.javaField}: 'x' } })).code).toBe(400);
  });
`
    : ''
}
${n.isMaster ? subNames.map(({ sub, s }) => subRichTextTest(sub, s)).join('') : ''}${n.isErp ? subNames.map(({ sub, s }, i) => erpTest(n, sub, s, i)).join('') : ''}
  it('refuses bad input and changes nothing', async () => {
    const before = (await rows()).length;
    expect((await call('POST', '/create', { body: {} })).code).toBe(400);
${
  firstRequired
    ? `    const bad = await call('POST', '/create', { body: { ...input, ${firstRequired.javaField}: null } });
    expect(bad).toMatchObject({ code: 400, msg: ${str(`请求参数不正确:${labelOf(firstRequired)}不能为空`)} });
`
    : ''
}    expect((await call('PUT', '/update', { body: { ...changed, id: 'x' } })).code).toBe(400);
    expect((await call('GET', '/get', { query: { id: 'x' } })).code).toBe(400);
    expect((await rows()).length).toBe(before);
  });

  it('needs a signed-in user holding the permission', async () => {
    expect((await call('GET', '${list}', {}, null)).code).toBe(401);
    const operator = (await t.login('operator', 'operator123')).accessToken;
    expect((await call('GET', '${list}', {}, operator)).code).toBe(403);
    expect((await call('POST', '/create', { body: input }, operator)).code).toBe(403);
  });
${
  cols.tenant
    ? `
  it('keeps tenants apart', async () => {
    const mine = (await call('POST', '/create', { body: input })).data as number;
    const packageId = await createPackage(t, admin, '${n.entity}套餐', MENUS.map((m) => m.id));
    const other = await createTenantAndSignIn(t, admin, tenantBody(t, packageId, { name: '${n.entity}租户' }));
    const created = await call('POST', '/create', { body: input }, other.token, other.tenantId);
    expect(created.code, created.msg).toBe(0);
    const theirs = created.data as number;
    const seen = async (token: string, tenant: number) => {
      const res = await call('GET', '${list}', ${n.isTree ? '{}' : "{ query: { pageSize: '100' } }"}, token, tenant);
      return (${n.isTree ? `res.data as ${n.pascal}[]` : `(res.data as PageResult<${n.pascal}>).list`}).map((r) => r.id);
    };
    expect(await seen(other.token, other.tenantId)).toEqual([theirs]);
    expect(await seen(admin, 1)).not.toContain(theirs);
    expect((await call('GET', '/get', { query: { id: String(mine) } }, other.token, other.tenantId)).data).toBeNull();
    expect((await call('PUT', '/update', { body: { id: mine, ...changed } }, other.token, other.tenantId)).code).toBe(${n.errorBase});
    expect((await call('DELETE', '/delete', { query: { id: String(mine) } }, other.token, other.tenantId)).code).toBe(${n.errorBase});
    expect((await call('GET', '/get', { query: { id: String(mine) } })).data).toMatchObject(input);
  });
`
    : ''
}});
`;
};
