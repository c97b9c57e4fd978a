import { CODEGEN_CONDITIONS, CODEGEN_HTML_TYPES, CODEGEN_JAVA_TYPES } from '@app/contract';
import type { CodegenColumn, DictTypeSimple } from '@app/contract';
import { Checkbox, Form, Input, Select, Table } from 'antd';
import type { FormListFieldData, FormRule, TableColumnType } from 'antd';
import type { ReactElement } from 'react';
import { requiredText } from '../../shared/crud';

const HTML_TYPE_LABELS: Record<(typeof CODEGEN_HTML_TYPES)[number], string> = {
  input: '文本框',
  textarea: '文本域',
  select: '下拉框',
  radio: '单选框',
  checkbox: '复选框',
  datetime: '日期控件',
  imageUpload: '图片上传',
  fileUpload: '文件上传',
  editor: '富文本控件',
};

const options = (values: readonly string[], label = (value: string) => value) =>
  values.map((value) => ({ value, label: label(value) }));

const JAVA_TYPES = options(CODEGEN_JAVA_TYPES);
// "<>" is old data's "<" (the form shows it as "<").
const CONDITIONS = options(CODEGEN_CONDITIONS.filter((condition) => condition !== '<>'));
const HTML_TYPES = options(
  CODEGEN_HTML_TYPES,
  (type) => HTML_TYPE_LABELS[type as keyof typeof HTML_TYPE_LABELS],
);

type Column = TableColumnType<FormListFieldData>;
type Prop = keyof CodegenColumn & string;

/** The 字段信息 grid: one row per column of the table, edited in place in the form's `columns`. */
export function CodegenColumnsGrid({
  columns,
  dictTypes,
}: {
  columns: readonly CodegenColumn[];
  dictTypes: readonly DictTypeSimple[];
}) {
  const nameOf = (field: FormListFieldData) => columns[field.name]?.columnName ?? '';

  /** A cell editing the column's `prop`; its input is named after the column and the grid's title. */
  const cell = (
    title: string,
    prop: Prop,
    width: number,
    input: (label: string) => ReactElement,
    { rules, checkbox = false }: { rules?: FormRule[]; checkbox?: boolean } = {},
  ): Column => ({
    title,
    key: prop,
    width,
    align: checkbox ? 'center' : undefined,
    render: (_, field) => (
      <Form.Item
        name={[field.name, prop]}
        rules={rules}
        valuePropName={checkbox ? 'checked' : 'value'}
        className="codegen-grid-cell"
      >
        {input(`${nameOf(field)} ${title}`)}
      </Form.Item>
    ),
  });
  const readOnly = (title: string, prop: 'columnName' | 'dataType', width: number): Partial<Column> => ({
    title,
    key: prop,
    width,
    render: (_, field) => columns[field.name]?.[prop],
  });
  const check = (title: string, prop: Prop) =>
    cell(title, prop, 56, (label) => <Checkbox aria-label={label} />, { checkbox: true });
  const select = (title: string, prop: Prop, width: number, choices: { value: string; label: string }[]) =>
    cell(title, prop, width, (label) => <Select aria-label={label} options={choices} />);

  const gridColumns: Column[] = [
    { ...readOnly('字段列名', 'columnName', 150), fixed: 'left' },
    cell('字段描述', 'columnComment', 180, (label) => <Input aria-label={label} />, {
      rules: requiredText('字段描述', 500),
    }),
    readOnly('物理类型', 'dataType', 110),
    select('Java类型', 'javaType', 140, JAVA_TYPES),
    cell('java属性', 'javaField', 150, (label) => <Input aria-label={label} />, {
      rules: requiredText('java属性', 64),
    }),
    check('插入', 'createOperation'),
    check('编辑', 'updateOperation'),
    check('列表', 'listOperationResult'),
    check('查询', 'listOperation'),
    select('查询方式', 'listOperationCondition', 110, CONDITIONS),
    check('允许空', 'nullable'),
    select('显示类型', 'htmlType', 130, HTML_TYPES),
    cell('字典类型', 'dictType', 180, (label) => (
      <Select
        aria-label={label}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="请选择"
        options={dictTypes.map((type) => ({ value: type.type, label: type.name }))}
      />
    )),
    cell('示例', 'example', 150, (label) => <Input aria-label={label} maxLength={64} />),
  ];

  return (
    <Form.List name="columns">
      {(fields) => (
        <Table<FormListFieldData>
          className="codegen-grid"
          rowKey="key"
          size="small"
          bordered
          pagination={false}
          columns={gridColumns}
          dataSource={fields}
          scroll={{ x: gridColumns.reduce((sum, column) => sum + Number(column.width), 0) }}
        />
      )}
    </Form.List>
  );
}
