import {
  type GenColumn,
  type GenSub,
  type GenTable,
  type Names,
  constantCase,
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

/* The web feature: the list page on the CRUD kit with its form, and the page the menu names. */

const SEARCH_KIND = (c: GenColumn): string => {
  const label = str(labelOf(c));
  if (c.listOperationCondition === 'BETWEEN' && isDateTime(c))
    return `{ kind: 'dateRange', name: '${c.javaField}', label: ${label} }`;
  if (c.dictType)
    return `{ kind: 'dict', name: '${c.javaField}', label: ${label}, dictType: '${c.dictType}'${c.javaType === 'String' ? ", valueType: 'string'" : ''} }`;
  if (isBoolean(c))
    return `{ kind: 'select', name: '${c.javaField}', label: ${label}, options: [{ label: '是', value: 'true' }, { label: '否', value: 'false' }] }`;
  return `{ kind: 'text', name: '${c.javaField}', label: ${label} }`;
};

const column = (c: GenColumn, id: GenColumn): string => {
  const label = str(labelOf(c));
  if (c === id) return `idColumn(${label})`;
  if (c.columnName === 'create_time') return 'dateTimeColumn()';
  if (c.dictType) return `dictColumn(${label}, '${c.javaField}', '${c.dictType}')`;
  if (isDateTime(c)) return `dateTimeColumn(${label}, '${c.javaField}')`;
  if (isBoolean(c))
    return `{ title: ${label}, dataIndex: '${c.javaField}', width: 90, align: 'center', render: (v: boolean | null) => (v === null ? '' : v ? '是' : '否') }`;
  if (c.htmlType === 'imageUpload')
    return `{ title: ${label}, dataIndex: '${c.javaField}', width: 100, align: 'center', render: (url: string | null) => url && <Image src={url} alt=${label} width={48} height={48} /> }`;
  if (c.htmlType === 'editor')
    return `textColumn(${label}, '${c.javaField}', { render: (html: string | null) => htmlText(html) })`;
  return `textColumn(${label}, '${c.javaField}')`;
};

/** The form field of a column, and the names it needs from antd and shared/. */
const field = (c: GenColumn): { jsx: string; uses: string[] } => {
  const label = str(labelOf(c));
  const name = `'${c.javaField}'`;
  const rules = c.nullable ? '[]' : `required(${label})`;
  const item = (input: string, uses: string[]) => ({
    jsx: `formItem(${label}, ${name}, ${rules}, ${input})`,
    uses: ['formItem', ...(c.nullable ? [] : ['required']), ...uses],
  });
  const text = (rows: string) => ({
    jsx: `textField(${label}, ${name}, ${maxLengthOf(c) ?? 'undefined'}${c.nullable || rows ? `, { ${[c.nullable && 'optional: true', rows].filter(Boolean).join(', ')} }` : ''})`,
    uses: ['textField'],
  });
  switch (c.htmlType) {
    case 'datetime':
      return item('<DateTimeInput />', ['DateTimeInput']);
    case 'imageUpload':
      return item('<ImageUpload />', ['ImageUpload']);
    case 'fileUpload':
      return item('<FileUpload />', ['FileUpload']);
    case 'editor':
      return item('<HtmlTextArea rows={6} />', ['HtmlTextArea']);
    case 'select':
    case 'radio':
    case 'checkbox':
      if (c.dictType)
        return {
          jsx: `dictField(${label}, ${name}, '${c.dictType}'${c.htmlType === 'select' || c.javaType === 'String' ? `, { ${[c.htmlType === 'select' && 'select: true', c.javaType === 'String' && "valueType: 'string'", c.nullable && 'rules: []'].filter(Boolean).join(', ')} }` : c.nullable ? ', { rules: [] }' : ''})`,
          uses: ['dictField'],
        };
      if (isBoolean(c)) return item('<Radio.Group options={YES_NO} />', ['Radio', 'YES_NO']);
      break;
    case 'textarea':
      if (c.javaType === 'String') return text('rows: 3');
      break;
  }
  if (isNumeric(c))
    return item(`<InputNumber ${isWhole(c) ? 'precision={0} ' : ''}style={{ width: '100%' }} />`, [
      'InputNumber',
    ]);
  if (isDateTime(c)) return item('<DateTimeInput />', ['DateTimeInput']);
  if (isBoolean(c)) return item('<Radio.Group options={YES_NO} />', ['Radio', 'YES_NO']);
  return text('');
};

const fieldsJsx = (cols: ReturnType<typeof columnsOf>, tree: string) => {
  const both = cols.business.filter((c) => c.createOperation || c.updateOperation);
  const fields = both.map((c) => {
    const f = c.javaField === 'parentId' && tree ? { jsx: tree, uses: [] } : field(c);
    const jsx =
      c.createOperation && c.updateOperation
        ? `{${f.jsx}}`
        : c.createOperation
          ? `{!updating && ${f.jsx}}`
          : `{updating && ${f.jsx}}`;
    return { jsx, uses: f.uses };
  });
  return { jsx: fields.map((f) => f.jsx), uses: new Set(fields.flatMap((f) => f.uses)) };
};

const YES_NO = `const YES_NO = [
  { label: '是', value: true },
  { label: '否', value: false },
];
`;

const imports = (uses: Set<string>, extraCrud: string[], extraAntd: string[], html: boolean) => {
  const antd = [...extraAntd, ...['Input', 'InputNumber', 'Radio'].filter((u) => uses.has(u))].sort();
  const crud = [
    ...extraCrud,
    ...['DictSelect', 'dictField', 'formItem', 'maxLength', 'required', 'requiredText', 'textField'].filter(
      (u) => uses.has(u),
    ),
  ].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  const inputs = ['DateTimeInput', 'FileUpload', 'ImageUpload'].filter((u) => uses.has(u));
  return [
    antd.length > 0 ? `import { ${antd.join(', ')} } from 'antd';` : '',
    `import type { TableColumnsType } from 'antd';`,
    `import { ${crud.join(', ')} } from '../../shared/crud';`,
    `import type { SearchField${uses.has('SubField') ? ', SubField' : ''} } from '../../shared/crud';`,
    inputs.length > 0 ? `import { ${inputs.join(', ')} } from '../../shared/ui/form-inputs';` : '',
    uses.has('HtmlTextArea') ? `import { HtmlTextArea } from '../../shared/ui/html-text-area';` : '',
    html ? `import { htmlText } from '../../shared/ui/html-text';` : '',
  ]
    .filter(Boolean)
    .join('\n');
};

/** A sub-table row's input for a column, and the names it needs. */
const subInput = (c: GenColumn): { input: string; uses: string[] } => {
  const label = labelOf(c);
  if (c.dictType)
    return {
      input: `<DictSelect dictType="${c.dictType}"${c.javaType === 'String' ? ' valueType="string"' : ''} placeholder="请选择${label}" />`,
      uses: ['DictSelect'],
    };
  if (c.htmlType === 'datetime' || isDateTime(c))
    return { input: '<DateTimeInput />', uses: ['DateTimeInput'] };
  if (c.htmlType === 'imageUpload') return { input: '<ImageUpload />', uses: ['ImageUpload'] };
  if (c.htmlType === 'fileUpload') return { input: '<FileUpload />', uses: ['FileUpload'] };
  if (isBoolean(c)) return { input: '<Radio.Group options={YES_NO} />', uses: ['Radio', 'YES_NO'] };
  if (isNumeric(c))
    return {
      input: `<InputNumber ${isWhole(c) ? 'precision={0} ' : ''}style={{ width: '100%' }} />`,
      uses: ['InputNumber'],
    };
  if (c.htmlType === 'editor' || c.htmlType === 'textarea')
    return { input: `<Input.TextArea rows={2} placeholder="请输入${label}" />`, uses: ['Input'] };
  return { input: `<Input placeholder="请输入${label}" />`, uses: ['Input'] };
};

const subRules = (c: GenColumn): { rules: string; uses: string[] } => {
  const label = str(labelOf(c));
  const max = maxLengthOf(c);
  if (c.javaType === 'String' && !c.nullable)
    return { rules: `requiredText(${label}${max === undefined ? '' : `, ${max}`})`, uses: ['requiredText'] };
  if (c.javaType === 'String' && max !== undefined)
    return { rules: `maxLength(${label}, ${max})`, uses: ['maxLength'] };
  return c.nullable ? { rules: '', uses: [] } : { rules: `required(${label})`, uses: ['required'] };
};

/** A sub-table's fields in the master's form (\`SubField[]\`), and, for 内嵌, its columns under a row. */
const subConsts = (table: GenTable, sub: GenSub, inner: boolean) => {
  const s = subNamesOf(table, sub);
  const cols = columnsOf(sub.columns);
  const written = cols.business.filter((c) => c !== s.join && (c.createOperation || c.updateOperation));
  const uses = new Set<string>(['SubField']);
  const fields = written.map((c) => {
    const { input, uses: a } = subInput(c);
    const { rules, uses: b } = subRules(c);
    for (const u of [...a, ...b]) uses.add(u);
    return `{ label: ${str(labelOf(c))}, name: '${c.javaField}', ${rules ? `rules: ${rules}, ` : ''}input: ${input} }`;
  });
  const id = sub.columns.find((c) => c.primaryKey)!;
  const columnCode = cols.listed.filter((c) => c !== s.join).map((c) => column(c, id));
  const constant = constantCase(s.field);
  return {
    s,
    uses,
    columnCode,
    code: `const ${constant}_FIELDS: SubField[] = [
  ${fields.join(',\n  ')},
];
${
  inner
    ? `
const ${constant}_COLUMNS: TableColumnsType<${s.pascal}> = [
  ${columnCode.join(',\n  ')},
];
`
    : ''
}`,
    form: `<SubForm title=${`"${s.entity}"`} name="${s.field}"${sub.many ? ' many' : ''} fields={${constant}_FIELDS} />`,
    table: `{
            title: ${str(s.entity)},
            endpoint: ${s.camel}${sub.many ? 'List' : 'Get'}By${s.join.javaField.charAt(0).toUpperCase()}${s.join.javaField.slice(1)},
            query: { ${s.join.javaField}: row.id },
            columns: ${constant}_COLUMNS as TableColumnsType<never>,
          }`,
  };
};

/** An ERP sub-table's list of the chosen master's rows, with its own form, as a component of the page. */
const erpList = (table: GenTable, sub: GenSub) => {
  const s = subNamesOf(table, sub);
  const cols = columnsOf(sub.columns);
  const id = sub.columns.find((c) => c.primaryKey)!;
  const columnCode = cols.listed.filter((c) => c !== s.join).map((c) => column(c, id));
  const { jsx, uses } = fieldsJsx({ ...cols, business: cols.business.filter((c) => c !== s.join) }, '');
  const constant = constantCase(s.field);
  const join = s.join.javaField;
  const endpoints = ['Page', 'Get', 'Create', 'Update', 'Delete'].map((e) => `${s.camel}${e}`);
  return {
    s,
    uses,
    columnCode,
    endpoints,
    tab: `{ key: '${s.field}', label: ${str(s.entity)}, children: <${s.pascal}List ${join}={chosen.id} /> }`,
    code: `
const ${constant}_COLUMNS: TableColumnsType<${s.pascal}> = [
  ${columnCode.join(',\n  ')},
];

/** The ${s.entity} of the chosen ${table.classComment}. */
function ${s.pascal}List({ ${join} }: { ${join}: number }) {
  return useCrudPage({
    endpoints: { page: ${endpoints[0]}, get: ${endpoints[1]}, create: ${endpoints[2]}, update: ${endpoints[3]}, delete: ${endpoints[4]} },
    entity: ${str(s.entity)},
    listOptions: { fixed: { ${join} }, address: false },
    columns: ${constant}_COLUMNS,
    emptyText: ${str(`暂无${s.entity}`)},
    form: { name: '${s.camel}Form', toBody: (values) => ({ ...values, ${join} }) },
    fields: ${jsx.some((j) => j.includes('updating')) ? '(_, updating) => ' : ''}(
      <>
        ${jsx.join('\n        ')}
      </>
    ),
  });
}
`,
  };
};

export const pageFile = (
  table: GenTable,
  columns: readonly GenColumn[],
  n: Names,
  subs: readonly GenSub[] = [],
): string => {
  const cols = columnsOf(columns);
  const subParts = n.isErp ? [] : subs.map((sub) => subConsts(table, sub, n.isInner));
  const erpParts = n.isErp ? subs.map((sub) => erpList(table, sub)) : [];
  const id = columns.find((c) => c.primaryKey)!;
  const listed = cols.listed;
  const columnCode = listed.map((c) => column(c, id));
  const hasImage = listed.some(
    (c) => c.htmlType === 'imageUpload' && !c.dictType && !isDateTime(c) && !isBoolean(c),
  );
  const allColumnCode = [
    ...columnCode,
    ...subParts.flatMap((p) => (n.isInner ? p.columnCode : [])),
    ...erpParts.flatMap((p) => p.columnCode),
  ];
  const hasHtml = allColumnCode.some((c) => c.includes('htmlText('));
  const search = cols.searched.map(SEARCH_KIND);
  const e = (name: string) => `${n.camel}${name}`;
  const columnHelpers = ['dateTimeColumn', 'dictColumn', 'idColumn', 'textColumn'].filter((h) =>
    allColumnCode.some((c) => c.startsWith(`${h}(`) || c.includes(` ${h}(`)),
  );
  // The columns' widths and the actions'; below a wide screen's room the table fits without scrolling.
  const width = (code: string) =>
    Number(
      /width: (\d+)/.exec(code)?.[1] ??
        (code.startsWith('dateTimeColumn') ? 170 : code.startsWith('textColumn') ? 150 : 90),
    );
  const total = columnCode.reduce((sum, code) => sum + width(code), n.isTree ? 220 : 160);
  const scrollX = total > 1100 ? total : undefined;
  const doc = `/** ${n.entity} (menu component ${n.component}), generated by 代码生成 from ${table.tableName}. */`;

  if (n.isTree) {
    const tree = `formItem(${str(`上级${n.entity}`)}, 'parentId', required(${str(`上级${n.entity}`)}), <TreeSelect treeData={parentOptions} treeDefaultExpandAll placeholder=${`"选择上级${n.entity}"`} />)`;
    const { jsx, uses } = fieldsJsx(cols, tree);
    uses.add('formItem');
    uses.add('required');
    const nameColumn = columns.find((c) => c.columnName === table.treeNameColumn)!;
    const endpoints = ['Create', 'Delete', 'Export', 'Get', 'List', 'Update'].map(e);
    return `import { PlusOutlined } from '@ant-design/icons';
import { ${endpoints.join(', ')} } from '@app/contract';
import type { ${n.pascal} } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
${imports(
  uses,
  [
    'actionColumn',
    'CreateButton',
    ...columnHelpers,
    'deleteAction',
    'ExpandAllButton',
    'ExportButton',
    'FormDialog',
    'ListPage',
    'queryKey',
    'updateAction',
    'useCan',
    'useConfirmedCall',
    'useFormDialog',
    'useTreeList',
  ],
  ['TreeSelect', ...(hasImage ? ['Image'] : [])],
  hasHtml,
)}
import { useState } from 'react';
import { request } from '../../shared/request';
import { buildTree, type TreeNode } from '../../shared/tree/build-tree';

const SEARCH: SearchField[] = [${search.join(', ')}];
${uses.has('YES_NO') ? `\n${YES_NO}` : ''}
interface ParentOption {
  value: number;
  title: string;
  children?: ParentOption[];
}

/** The parent choices: every row but the one edited and the rows below it. */
const toParentOptions = (nodes: TreeNode<${n.pascal}>[], excludeId: number | string | undefined): ParentOption[] =>
  nodes
    .filter((node) => node.id !== excludeId)
    .map((node) => ({
      value: node.id,
      title: String(node.${nameColumn.javaField}),
      ...(node.children ? { children: toParentOptions(node.children, excludeId) } : {}),
    }));

${doc}
export function ${n.pascal}Page() {
  const list = useTreeList(${e('List')}, { search: SEARCH, expandAll: true });
  const dialog = useFormDialog();
  const [parentId, setParentId] = useState(0);
  const confirmed = useConfirmedCall();
  const canCreate = useCan(${e('Create')});
  const canUpdate = useCan(${e('Update')});
  const canDelete = useCan(${e('Delete')});
  const editingId = dialog.target?.mode === 'update' ? dialog.target.id : undefined;
  const all = useQuery({
    queryKey: queryKey(${e('List')}, {}),
    queryFn: () => request(${e('List')}, { query: {} }),
    enabled: dialog.target !== null,
  });
  const parentOptions = [
    { value: 0, title: ${str(`顶级${n.entity}`)}, children: toParentOptions(buildTree(all.data ?? []), editingId) },
  ];
  const openCreate = (parent = 0) => {
    setParentId(parent);
    dialog.openCreate();
  };

  const columns: TableColumnsType<TreeNode<${n.pascal}>> = [
    ${columnCode.join(',\n    ')},
    ...actionColumn<${n.pascal}>(
      (row) => [
        updateAction(() => dialog.openUpdate(row.id), { visible: canUpdate }),
        { key: 'create', label: '新增', icon: <PlusOutlined />, onClick: () => openCreate(row.id), visible: canCreate },
        deleteAction(
          () =>
            confirmed({
              content: \`是否确认删除${n.entity}"\${row.${nameColumn.javaField}}"?\`,
              endpoint: ${e('Delete')},
              options: { query: { id: row.id } },
              success: '删除成功',
            }),
          { visible: canDelete },
        ),
      ],
      { visible: canCreate || canUpdate || canDelete, width: 220 },
    ),
  ];

  return (
    <ListPage
      list={list}
      columns={columns}
      actions={
        <>
          <CreateButton endpoint={${e('Create')}} onClick={() => openCreate()} />
          <ExportButton endpoint={${e('Export')}} query={list.filter} entity=${`"${n.entity}"`} />
          <ExpandAllButton list={list} />
        </>
      }
      emptyText=${`"暂无${n.entity}"`}${scrollX ? `\n      scrollX={${scrollX}}` : ''}
      table={{ expandable: list.expandable }}
    >
      <FormDialog
        control={dialog}
        entity=${`"${n.entity}"`}
        name="${n.camel}Form"
        get={${e('Get')}}
        create={${e('Create')}}
        update={${e('Update')}}
        initialValues={{ parentId }}
      >
        ${jsx.some((j) => j.includes('updating')) ? '{(_, updating) => (' : ''}
          <>
            ${jsx.join('\n            ')}
          </>
        ${jsx.some((j) => j.includes('updating')) ? ')}' : ''}
      </FormDialog>
    </ListPage>
  );
}
`;
  }

  const { jsx, uses } = fieldsJsx(cols, '');
  for (const part of [...subParts, ...erpParts]) for (const u of part.uses) uses.add(u);
  const subEndpoints = n.isInner ? subParts.map((p) => p.table.match(/endpoint: (\w+)/)![1]!) : [];
  const endpoints = [
    ...['Create', 'Delete', 'Export', 'Get', 'Page', 'Update'].map(e),
    ...subEndpoints,
    ...erpParts.flatMap((p) => p.endpoints),
  ].sort();
  const subTypes = n.isInner ? subParts.map((p) => p.s.pascal) : erpParts.map((p) => p.s.pascal);
  const subHelpers = subParts.length > 0 ? ['SubForm', ...(n.isInner ? ['SubTables'] : [])] : [];
  return `import { ${endpoints.join(', ')} } from '@app/contract';
import type { ${[n.pascal, ...subTypes].join(', ')} } from '@app/contract';
${imports(uses, [...columnHelpers, ...subHelpers, 'useCrudPage'], [...(hasImage ? ['Image'] : []), ...(n.isErp ? ['Empty', 'Tabs'] : [])], hasHtml)}${n.isErp ? "\nimport { useState } from 'react';" : ''}

const ENDPOINTS = {
  page: ${e('Page')},
  get: ${e('Get')},
  create: ${e('Create')},
  update: ${e('Update')},
  delete: ${e('Delete')},
  export: ${e('Export')},
};

const SEARCH: SearchField[] = [${search.join(', ')}];

const COLUMNS: TableColumnsType<${n.pascal}> = [
  ${columnCode.join(',\n  ')},
];
${uses.has('YES_NO') ? `\n${YES_NO}` : ''}${subParts.map((p) => `\n${p.code}`).join('')}${erpParts.map((p) => p.code).join('')}
${doc}
export function ${n.pascal}Page() {
  ${n.isErp ? `const [chosen, setChosen] = useState<${n.pascal} | null>(null);\n  const page = ` : 'return '}useCrudPage({
    endpoints: ENDPOINTS,
    entity: ${str(n.entity)},
    search: SEARCH,
    columns: COLUMNS,
    emptyText: ${str(`暂无${n.entity}`)},${scrollX ? `\n    scrollX: ${scrollX},` : ''}
    form: { name: '${n.camel}Form'${n.isMaster ? ', width: 1000' : ''} },
    fields: ${jsx.some((j) => j.includes('updating')) ? '(_, updating) => ' : ''}(
      <>
        ${[...jsx, ...subParts.map((p) => p.form)].join('\n        ')}
      </>
    ),${
      n.isInner
        ? `
    table: {
      expandable: {
        expandedRowRender: (row) => (
          <SubTables
            tables={[
          ${subParts.map((p) => p.table).join(',\n          ')},
            ]}
          />
        ),
      },
    },`
        : ''
    }${
      n.isErp
        ? `
    table: {
      onRow: (row) => ({ onClick: () => setChosen(row) }),
      rowClassName: (row) => (row.id === chosen?.id ? 'ant-table-row-selected' : ''),
    },`
        : ''
    }
  });${
    n.isErp
      ? `
  return (
    <>
      {page}
      {chosen ? (
        <Tabs items={[${erpParts.map((p) => p.tab).join(', ')}]} />
      ) : (
        <Empty description=${`"点击上方的一行${n.entity}，在这里管理它的${erpParts.map((p) => p.s.entity).join('、')}"`} />
      )}
    </>
  );`
      : ''
  }
}
`;
};

/** The page the menu names: `pages/<component>.tsx`, one line. */
export const pageExportFile = (n: Names): string =>
  `export { ${n.pascal}Page as default } from '${'../'.repeat(n.component.split('/').length)}${n.domain}-page';\n`;
