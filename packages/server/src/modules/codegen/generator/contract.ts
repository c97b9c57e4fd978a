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
  numberLiteral,
  str,
  wholeRangeOf,
} from './model.js';

/* The contract module: the row, filter and body schemas, the error codes and the endpoints. */

const viewType = (c: GenColumn): string => {
  const base = isDateTime(c)
    ? 'epochMillis'
    : isBoolean(c)
      ? 'z.boolean()'
      : isWhole(c)
        ? 'z.number().int()'
        : isNumeric(c)
          ? 'z.number()'
          : 'z.string()';
  return c.nullable ? `${base}.nullable()` : base;
};

/** A body field: required unless the column is nullable; text trimmed and limited to its length. */
const bodyField = (c: GenColumn): string => {
  const label = labelOf(c);
  const missing = str(`${label}不能为空`);
  if (c.javaType === 'String') {
    const max = maxLengthOf(c);
    const limit = max === undefined ? '' : `.max(${max}, ${str(`${label}长度不能超过${max}个字符`)})`;
    return c.nullable
      ? `z.string({ error: ${str(`${label}必须是文本`)} })${limit}.nullish().transform((v) => (v?.trim() ? v : null))`
      : `z.string({ error: ${missing} }).trim().min(1, ${missing})${limit}`;
  }
  const range = wholeRangeOf(c);
  const outOfRange = str(`${label}超出范围`);
  const bounds = range
    ? `.min(${numberLiteral(range.min)}, ${outOfRange}).max(${numberLiteral(range.max)}, ${outOfRange})`
    : '';
  const base = isBoolean(c)
    ? `z.boolean({ error: ${missing} })`
    : `z.number({ error: ${missing} })${isWhole(c) || isDateTime(c) ? `.int(${str(`${label}格式不正确`)})` : ''}${bounds}`;
  return c.nullable ? `${base}.nullish().transform((v) => v ?? null)` : base;
};

/** The `min` and `max` options of a whole-number filter, from its column's range. */
const filterBounds = (c: GenColumn): string => {
  const range = wholeRangeOf(c);
  return range ? `, min: ${numberLiteral(range.min)}, max: ${numberLiteral(range.max)}` : '';
};

/** The query fields of a searched column, and how its filter value is read. */
const filterOf = (c: GenColumn, field: string): { fields: string[]; read: string } => {
  const label = labelOf(c);
  if (c.listOperationCondition === 'BETWEEN' && isDateTime(c))
    return {
      fields: [
        `${field}: stringOrList.optional()`,
        `'${field}[0]': z.string().optional()`,
        `'${field}[1]': z.string().optional()`,
      ],
      read: `${field}: readTimeRange(raw, '${field}', ${str(label)}, ctx)`,
    };
  const parse = isBoolean(c)
    ? `booleanParam(${str(`${label}只能是 true 或 false`)}).optional()`
    : isNumeric(c) || isDateTime(c)
      ? `optionalNumberParam(${str(label)}, { int: ${isWhole(c) || isDateTime(c)}${filterBounds(c)} })`
      : `textFilter(${str(label)}, ${maxLengthOf(c) ?? 500})`;
  return { fields: [`${field}: ${parse}`], read: `${field}: raw.${field}` };
};

/** A sub-table's row schema and its body fields (without the column naming the master). */
const subSchemas = (table: GenTable, sub: GenSub): string => {
  const s = subNamesOf(table, sub);
  const cols = columnsOf(sub.columns);
  const written = cols.business.filter((c) => c !== s.join && (c.createOperation || c.updateOperation));
  return `export const ${s.camel} = z.object({
  id: z.number().int(),
  ${[s.join, ...cols.shown.filter((c) => c !== s.join)].map((c) => `${c.javaField}: ${viewType(c)}`).join(',\n  ')},${cols.createTime ? '\n  createTime: epochMillis,' : ''}
});
export type ${s.pascal} = z.output<typeof ${s.camel}>;

/** A ${s.entity} in the body of a ${table.classComment}: the ${table.classComment} is the one it belongs to. */
const ${s.camel}Fields = {
  ${written.map((c) => `${c.javaField}: ${bodyField(c)}`).join(',\n  ')},
};
`;
};

/** An ERP sub-table's own list (of one master), row and writes, below the master's path. */
const erpEndpoints = (n: Names, sub: GenSub, s: SubNames, access: (action: string) => string): string => {
  const join = s.join.javaField;
  const base = `${n.apiBase}/${s.segment}`;
  const define = (name: string, fields: string[]) =>
    `export const ${s.camel}${name} = defineEndpoint({\n${fields.map((f) => `  ${f},`).join('\n')}\n});\n`;
  return `
export const ${s.camel}PageReq = pageParam.extend({ ${join}: idParam(${str(labelOf(s.join))}) });

export const ${s.camel}CreateReq = z.object({
  ${join}: z.number({ error: ${str(`${labelOf(s.join)}不能为空`)} }).int(${str(`${labelOf(s.join)}格式不正确`)}).positive(${str(`${labelOf(s.join)}格式不正确`)}),
  ...${s.camel}Fields,
});
export type ${s.pascal}CreateReq = z.input<typeof ${s.camel}CreateReq>;

export const ${s.camel}UpdateReq = ${s.camel}CreateReq.extend({
  id: z.number({ error: '编号不能为空' }).int('编号格式不正确').positive('编号格式不正确'),
});
export type ${s.pascal}UpdateReq = z.input<typeof ${s.camel}UpdateReq>;

${define('Page', [`method: 'GET'`, `path: '${base}/page'`, `summary: ${str(`获得${n.entity}的${s.entity}分页`)}`, 'tag: TAG', `access: ${access('query')}`, `query: ${s.camel}PageReq`, `data: pageResult(${s.camel})`])}
${define('Get', [`method: 'GET'`, `path: '${base}/get'`, `summary: ${str(`获得${s.entity}（不存在时 data 为 null）`)}`, 'tag: TAG', `access: ${access('query')}`, `query: idQuery('编号')`, `data: ${s.camel}.nullable()`])}
${define('Create', [`method: 'POST'`, `path: '${base}/create'`, `summary: ${str(`创建${s.entity}，返回编号${sub.many ? '' : `（每个${n.entity}最多一个）`}`)}`, 'tag: TAG', `access: ${access('create')}`, `body: ${s.camel}CreateReq`, 'data: z.number().int()'])}
${define('Update', [`method: 'PUT'`, `path: '${base}/update'`, `summary: ${str(`修改${s.entity}`)}`, 'tag: TAG', `access: ${access('update')}`, `body: ${s.camel}UpdateReq`, 'data: z.boolean()'])}
/** The same update by POST, as the reference client sends it. */
export const ${s.camel}UpdateByPost = defineEndpoint({ ...${s.camel}Update, method: 'POST' });

${define('Delete', [`method: 'DELETE'`, `path: '${base}/delete'`, `summary: ${str(`删除${s.entity}`)}`, 'tag: TAG', `access: ${access('delete')}`, `query: idQuery('编号')`, 'data: z.boolean()'])}
${define('DeleteList', [`method: 'DELETE'`, `path: '${base}/delete-list'`, `summary: ${str(`批量删除${s.entity}（ids=1,2 或 ids 重复）`)}`, 'tag: TAG', `access: ${access('delete')}`, `query: z.object({ ids: idListParam('编号列表') })`, 'data: z.boolean()'])}`;
};

export const contractFile = (
  table: GenTable,
  columns: readonly GenColumn[],
  n: Names,
  subs: readonly GenSub[] = [],
): string => {
  const cols = columnsOf(columns);
  const subNames = subs.map((sub) => ({ sub, s: subNamesOf(table, sub) }));
  const id = columns.find((c) => c.primaryKey)!;
  const shown = [
    `${id.javaField}: z.number().int()`,
    ...cols.shown.map((c) => `${c.javaField}: ${viewType(c)}`),
    ...(cols.createTime ? ['createTime: epochMillis'] : []),
  ];
  // Date-time fields shown (the master's or a sub-table's, creation times included) are typed by epochMillis.
  const showsTime = [columns, ...subs.map((sub) => sub.columns)].some((list) => {
    const c = columnsOf(list);
    return c.createTime || c.shown.some(isDateTime);
  });
  const resultImports = [showsTime && 'epochMillis', ...(n.isTree ? [] : ['pageParam', 'pageResult'])].filter(
    Boolean,
  );
  const filters = cols.searched.map((c) => filterOf(c, c.javaField));
  const uses = (text: string) => filters.some((f) => f.fields.join().includes(text));
  const queryImports = [
    uses('booleanParam') && 'booleanParam',
    (n.isTree ? false : true) && 'idListParam',
    (n.isMaster || n.isErp) && 'idParam',
    uses('optionalNumberParam') && 'optionalNumberParam',
    uses('stringOrList') && 'readTimeRange',
    uses('stringOrList') && 'stringOrList',
  ].filter(Boolean);
  const hasText = uses('textFilter');
  const written = cols.business.filter((c) => c.createOperation || c.updateOperation);
  /** The body fields of `list`: all of them spread, or each by name. */
  const pick = (list: readonly GenColumn[]) =>
    list.length === written.length
      ? n.isMaster
        ? '{ ...bodyFields, ...subBodies }'
        : 'bodyFields'
      : `{ ${list.map((c) => `${c.javaField}: bodyFields.${c.javaField}`).join(', ')}${n.isMaster ? ', ...subBodies' : ''} }`;
  const rawType = 'z.output<z.ZodObject<typeof filterFields>>';
  const readsCtx = filters.some((f) => f.read.includes('ctx'));
  const readParams =
    filters.length === 0
      ? `_raw: ${rawType}`
      : readsCtx
        ? `raw: ${rawType}, ctx: z.RefinementCtx`
        : `raw: ${rawType}`;
  // The page request hands its refinement context on only to a filter that reports through it.
  const pageArgs = readsCtx ? 'raw, ctx' : 'raw';
  const access = (action: string) => `generatedPermission('${n.permission(action)}')`;
  const error = (k: number, name: string, msg: string) =>
    `${n.constant}_${name}: { code: ${numberLiteral(n.errorBase + k)}, msg: ${str(msg)} },`;
  const errors = n.isTree
    ? [
        error(0, 'NOT_EXISTS', `${n.entity}不存在`),
        error(1, 'EXITS_CHILDREN', `存在子${n.entity}，无法删除`),
        error(2, 'PARENT_NOT_EXITS', `父级${n.entity}不存在`),
        error(3, 'PARENT_ERROR', `不能设置自己为父${n.entity}`),
        error(4, 'PARENT_IS_CHILD', `不能设置自己的子${n.entity}为父${n.entity}`),
        error(5, 'NAME_UNIQUE', `已经存在该名字的${n.entity}`),
      ]
    : [
        error(0, 'NOT_EXISTS', `${n.entity}不存在`),
        ...(n.isErp
          ? subNames.flatMap(({ sub, s }, i) => [
              `${s.constant}_NOT_EXISTS: { code: ${numberLiteral(n.errorBase + 10 * (i + 1))}, msg: ${str(`${s.entity}不存在`)} },`,
              ...(sub.many
                ? []
                : [
                    `${s.constant}_EXISTS: { code: ${numberLiteral(n.errorBase + 10 * (i + 1) + 1)}, msg: ${str(`${s.entity}已存在`)} },`,
                  ]),
            ])
          : []),
      ];
  const endpoint = (name: string, fields: string[]) =>
    `export const ${n.camel}${name} = defineEndpoint({\n${fields.map((f) => `  ${f},`).join('\n')}\n});`;

  return `import { z } from 'zod';
import { defineEndpoint, generatedPermission } from '../endpoint.js';
${queryImports.length > 0 ? `import { ${queryImports.join(', ')} } from '../query.js';` : ''}
${resultImports.length > 0 ? `import { ${resultImports.join(', ')} } from '../result.js';\n` : ''}import { adminFormFields } from './dict-admin.js';

/* ${n.entity} (${n.apiBase}), generated by 代码生成 from the table ${table.tableName}. */

const { ${hasText ? 'idQuery, textFilter' : 'idQuery'} } = adminFormFields;

export const ${n.pascal}Error = {
  ${errors.join('\n  ')}
};

export const ${n.camel} = z.object({
  ${shown.join(',\n  ')},
});
export type ${n.pascal} = z.output<typeof ${n.camel}>;
${n.isErp ? `\n${subNames.map(({ sub }) => subSchemas(table, sub)).join('\n')}` : ''}${
    n.isMaster
      ? `
${subNames.map(({ sub }) => subSchemas(table, sub)).join('\n')}
/** A ${n.entity} with its sub-tables' rows, as \`get\` answers it. */
export const ${n.camel}Detail = ${n.camel}.extend({
  ${subNames.map(({ sub, s }) => `${s.field}: ${sub.many ? `z.array(${s.camel})` : `${s.camel}.nullable()`}`).join(',\n  ')},
});
export type ${n.pascal}Detail = z.output<typeof ${n.camel}Detail>;
`
      : ''
  }
const filterFields = {
  ${filters.flatMap((f) => f.fields).join(',\n  ')}
};

const readFilter = (${readParams}) => ({
  ${filters.map((f) => f.read).join(',\n  ')}
});
export type ${n.pascal}Filter = ReturnType<typeof readFilter>;

${
  n.isTree
    ? `export const ${n.camel}ListReq = z.object(filterFields).transform(readFilter);`
    : `export const ${n.camel}PageReq = pageParam
  .extend(filterFields)
  .transform((${pageArgs}) => ({ pageNo: raw.pageNo, pageSize: raw.pageSize, ...readFilter(${pageArgs}) }));`
}

const bodyFields = {
  ${written.map((c) => `${c.javaField}: ${bodyField(c)}`).join(',\n  ')},
};

${
  n.isMaster
    ? `/** The sub-tables' rows, saved with the ${n.entity} (an update replaces them). */
const subBodies = {
  ${subNames
    .map(({ sub, s }) =>
      sub.many
        ? `${s.field}: z.array(z.object(${s.camel}Fields), { error: ${str(`${s.entity}必须是列表`)} }).max(500, ${str(`${s.entity}不能超过500条`)}).nullish().transform((v) => v ?? [])`
        : `${s.field}: z.object(${s.camel}Fields, { error: ${str(`${s.entity}格式不正确`)} }).nullish().transform((v) => v ?? null)`,
    )
    .join(',\n  ')},
};

`
    : ''
}export const ${n.camel}CreateReq = z.object(${pick(cols.created)});
export type ${n.pascal}CreateReq = z.input<typeof ${n.camel}CreateReq>;

export const ${n.camel}UpdateReq = z.object({
  ${id.javaField}: z.number({ error: ${str(`${labelOf(id)}不能为空`)} }).int(${str(`${labelOf(id)}格式不正确`)}).positive(${str(`${labelOf(id)}格式不正确`)}),
  ${cols.updated.length === written.length ? '...bodyFields' : cols.updated.map((c) => `${c.javaField}: bodyFields.${c.javaField}`).join(', ')},${n.isMaster ? '\n  ...subBodies,' : ''}
});
export type ${n.pascal}UpdateReq = z.input<typeof ${n.camel}UpdateReq>;

const TAG = ${str(n.entity)};

${
  n.isTree
    ? endpoint('List', [
        `method: 'GET'`,
        `path: '${n.apiBase}/list'`,
        `summary: ${str(`获得${n.entity}列表（全部匹配的行，前端组成树）`)}`,
        'tag: TAG',
        `access: ${access('query')}`,
        `query: ${n.camel}ListReq`,
        `data: z.array(${n.camel})`,
      ])
    : endpoint('Page', [
        `method: 'GET'`,
        `path: '${n.apiBase}/page'`,
        `summary: ${str(`获得${n.entity}分页`)}`,
        'tag: TAG',
        `access: ${access('query')}`,
        `query: ${n.camel}PageReq`,
        `data: pageResult(${n.camel})`,
      ])
}

${endpoint('Get', [
  `method: 'GET'`,
  `path: '${n.apiBase}/get'`,
  `summary: ${str(`获得${n.entity}（不存在时 data 为 null）`)}`,
  'tag: TAG',
  `access: ${access('query')}`,
  `query: idQuery(${str(labelOf(id))})`,
  `data: ${n.camel}${n.isMaster ? 'Detail' : ''}.nullable()`,
])}

${endpoint('Create', [
  `method: 'POST'`,
  `path: '${n.apiBase}/create'`,
  `summary: ${str(`创建${n.entity}，返回编号`)}`,
  'tag: TAG',
  `access: ${access('create')}`,
  `body: ${n.camel}CreateReq`,
  'data: z.number().int()',
])}

${endpoint('Update', [
  `method: 'PUT'`,
  `path: '${n.apiBase}/update'`,
  `summary: ${str(`修改${n.entity}`)}`,
  'tag: TAG',
  `access: ${access('update')}`,
  `body: ${n.camel}UpdateReq`,
  'data: z.boolean()',
])}

${endpoint('Delete', [
  `method: 'DELETE'`,
  `path: '${n.apiBase}/delete'`,
  `summary: ${str(`删除${n.entity}`)}`,
  'tag: TAG',
  `access: ${access('delete')}`,
  `query: idQuery(${str(labelOf(id))})`,
  'data: z.boolean()',
])}
${
  n.isTree
    ? ''
    : `
${endpoint('DeleteList', [
  `method: 'DELETE'`,
  `path: '${n.apiBase}/delete-list'`,
  `summary: ${str(`批量删除${n.entity}（ids=1,2 或 ids 重复）`)}`,
  'tag: TAG',
  `access: ${access('delete')}`,
  `query: z.object({ ids: idListParam(${str(`${labelOf(id)}列表`)}) })`,
  'data: z.boolean()',
])}
`
}
${endpoint('Export', [
  `method: 'GET'`,
  `path: '${n.apiBase}/export-excel'`,
  `summary: ${str(`导出${n.entity} Excel（.xlsx，过滤条件同${n.isTree ? '列表' : '分页'}）`)}`,
  'tag: TAG',
  `access: ${access('export')}`,
  `query: z.object(filterFields).transform(readFilter)`,
  `response: 'binary'`,
  'data: z.unknown()',
])}
${n.isErp ? subNames.map(({ sub, s }) => erpEndpoints(n, sub, s, access)).join('') : ''}${subNames
    .filter(() => n.isMaster)
    .map(
      ({ sub, s }) => `
export const ${s.camel}${sub.many ? 'List' : 'Get'}By${s.join.javaField.charAt(0).toUpperCase()}${s.join.javaField.slice(1)} = defineEndpoint({
  method: 'GET',
  path: '${n.apiBase}/${s.segment}/${s.byJoin}',
  summary: ${str(`获得${n.entity}的${s.entity}${sub.many ? '列表' : '（没有时 data 为 null）'}`)},
  tag: TAG,
  access: ${access('query')},
  query: z.object({ ${s.join.javaField}: idParam(${str(labelOf(s.join))}) }),
  data: ${sub.many ? `z.array(${s.camel})` : `${s.camel}.nullable()`},
});
`,
    )
    .join('')}`;
};
