import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Endpoint, EndpointData, EndpointQuery } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Divider, Form, Table, Tabs } from 'antd';
import type { FormRule, TableColumnsType } from 'antd';
import type { FormListProps } from 'antd/es/form';
import type { ReactNode } from 'react';
import { request } from '../request';
import { queryKey } from './query-key';

/*
 * The sub-tables of a master/sub page (made by 代码生成): their rows edited inside the master's form,
 * and shown under a master row.
 */

/** One field of a sub-table's row: its label, its name in the row, its rules and its input. */
export interface SubField {
  label: string;
  name: string;
  rules?: FormRule[];
  input: ReactNode;
  /** The column's width in the grid of `many` rows. */
  width?: number;
}

export interface SubFormProps {
  /** The sub-table's name ('学生课程'). */
  title: string;
  /** The master body's field holding the rows (a list when `many`, else one row or null). */
  name: string;
  fields: readonly SubField[];
  many?: boolean;
  /** With `many`: the add button's text (default '添加{title}'). */
  addText?: string;
  /** With `many`: each row's delete button's name (default '删除{title}第n行'). */
  removeLabel?: string;
  /** With `many`: the values of an added row (default none). */
  newRow?: () => Record<string, unknown>;
  /** With `many`: rules of the list as a whole (at least one row…), their errors under the table. */
  rules?: FormListProps['rules'];
}

/** A sub-table's rows in the master's form: a grid of rows to add and remove, or one row's fields. */
export function SubForm({
  title,
  name,
  fields,
  many = false,
  addText = `添加${title}`,
  removeLabel,
  newRow = () => ({}),
  rules,
}: SubFormProps) {
  if (!many)
    return (
      <>
        <Divider titlePlacement="start">{title}</Divider>
        {fields.map((field) => (
          <Form.Item key={field.name} label={field.label} name={[name, field.name]} rules={field.rules}>
            {field.input}
          </Form.Item>
        ))}
      </>
    );
  return (
    <>
      <Divider titlePlacement="start">{title}</Divider>
      <Form.List name={name} rules={rules}>
        {(rows, { add, remove }, { errors }) => (
          <>
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={rows}
              locale={{ emptyText: `暂无${title}` }}
              columns={[
                { title: '序号', width: 60, align: 'center', render: (_, __, index) => index + 1 },
                ...fields.map((field) => ({
                  title: field.label,
                  key: field.name,
                  width: field.width,
                  render: (_: unknown, row: { name: number }) => (
                    <Form.Item
                      name={[row.name, field.name]}
                      rules={field.rules}
                      style={{ marginBottom: 0 }}
                      aria-label={`${title}第${row.name + 1}行 ${field.label}`}
                    >
                      {field.input}
                    </Form.Item>
                  ),
                })),
                {
                  title: '操作',
                  width: 70,
                  align: 'center',
                  render: (_: unknown, row: { name: number }) => (
                    <Button
                      type="link"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={removeLabel ?? `删除${title}第${row.name + 1}行`}
                      onClick={() => remove(row.name)}
                    />
                  ),
                },
              ]}
            />
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              onClick={() => add(newRow())}
              style={{ marginTop: 8 }}
            >
              {addText}
            </Button>
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>
    </>
  );
}

/** One sub-table under a master row: its endpoint by the master's id, and its columns. */
export interface SubTable<E extends Endpoint = Endpoint> {
  title: string;
  endpoint: E;
  query: EndpointQuery<E>;
  columns: TableColumnsType<never>;
}

function SubRows({ endpoint, query, columns, title }: SubTable) {
  const rows = useQuery({
    queryKey: queryKey(endpoint, query),
    queryFn: () => request(endpoint, { query }),
  });
  const data = rows.data as EndpointData<Endpoint> | undefined;
  const list = (Array.isArray(data) ? data : data ? [data] : []) as never[];
  return (
    <Table<never>
      size="small"
      rowKey="id"
      pagination={false}
      loading={rows.isPending}
      dataSource={list}
      columns={columns}
      locale={{ emptyText: `暂无${title}` }}
    />
  );
}

/** The sub-tables of an expanded master row, a tab each. */
export function SubTables({ tables }: { tables: readonly SubTable[] }) {
  return (
    <Tabs
      size="small"
      items={tables.map((table) => ({
        key: table.title,
        label: table.title,
        children: <SubRows {...table} />,
      }))}
    />
  );
}
