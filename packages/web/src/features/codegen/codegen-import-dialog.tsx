import {
  codegenCreateList,
  codegenDbTableList,
  codegenTablePage,
  MASTER_DATA_SOURCE_ID,
} from '@app/contract';
import type { DatabaseTable } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Select, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { invalidateEndpoints, queryKey, textColumn } from '../../shared/crud';
import { request } from '../../shared/request';
import { SearchActions } from '../../shared/ui/search-actions';
import { TABLE_MAX_HEIGHT } from '../../shared/ui/sizes';
import { useDataSources } from './data-sources';
import { SubmitDialog } from '../../shared/ui/submit-dialog';

const COLUMNS: TableColumnsType<DatabaseTable> = [
  textColumn('表名称', 'name', { align: 'left' }),
  textColumn('表描述', 'comment', { align: 'left' }),
];

interface TableSearch {
  name?: string;
  comment?: string;
}
const NO_SEARCH: TableSearch = {};

/**
 * 导入表: the tables of a data source that are not imported yet (the first source unless another is
 * chosen); a click on a row selects it, 确定 imports the selected ones.
 */
export function CodegenImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<TableSearch>();
  const sources = useDataSources();
  const [chosenSource, setChosenSource] = useState<number>();
  const [search, setSearch] = useState(NO_SEARCH);
  const [selected, setSelected] = useState<string[]>([]);
  const dataSourceConfigId = chosenSource ?? sources[0]?.id ?? MASTER_DATA_SOURCE_ID;

  const query = { dataSourceConfigId, ...search };
  const tables = useQuery({
    queryKey: queryKey(codegenDbTableList, query),
    queryFn: () => request(codegenDbTableList, { query }),
    enabled: open,
    staleTime: 0,
  });
  const save = useMutation({
    mutationFn: () => request(codegenCreateList, { body: { dataSourceConfigId, tableNames: selected } }),
  });

  const close = () => {
    form.resetFields();
    setChosenSource(undefined);
    setSearch(NO_SEARCH);
    setSelected([]);
    onClose();
  };
  const onOk = async () => {
    await save.mutateAsync();
    void message.success('导入成功');
    await invalidateEndpoints(client, codegenTablePage, codegenDbTableList);
    close();
  };
  const toggle = (name: string) =>
    setSelected((names) => (names.includes(name) ? names.filter((n) => n !== name) : [...names, name]));
  // Another source or search starts a new selection.
  const searchFor = ({ name, comment }: TableSearch) => {
    setSearch({ name: name?.trim() || undefined, comment: comment?.trim() || undefined });
    setSelected([]);
  };

  return (
    <SubmitDialog
      title="导入表"
      open={open}
      width={800}
      onClose={close}
      onSubmit={onOk}
      pending={save.isPending}
      okButtonProps={{ disabled: selected.length === 0 }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="inline"
        className="codegen-import-search"
        aria-label="搜索条件"
        onFinish={searchFor}
      >
        <Form.Item label="数据源">
          <Select
            aria-label="数据源"
            style={{ width: 160 }}
            value={dataSourceConfigId}
            options={sources.map((source) => ({ label: source.name, value: source.id }))}
            onChange={(id: number) => {
              setChosenSource(id);
              setSelected([]);
            }}
          />
        </Form.Item>
        <Form.Item label="表名称" name="name">
          <Input allowClear placeholder="请输入表名称" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="表描述" name="comment">
          <Input allowClear placeholder="请输入表描述" style={{ width: 160 }} />
        </Form.Item>
        <SearchActions
          onReset={() => {
            form.resetFields();
            searchFor(NO_SEARCH);
          }}
        />
      </Form>
      <Table<DatabaseTable>
        rowKey="name"
        size="small"
        columns={COLUMNS}
        dataSource={tables.data ?? []}
        loading={tables.isFetching}
        pagination={false}
        scroll={{ y: TABLE_MAX_HEIGHT }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as string[]),
          getCheckboxProps: (table) => ({ 'aria-label': `选择 ${table.name}` }),
        }}
        onRow={(table) => ({ onClick: () => toggle(table.name), className: 'codegen-import-row' })}
        locale={{
          emptyText: tables.isError ? '加载失败，请重试' : '没有可导入的表',
        }}
      />
    </SubmitDialog>
  );
}
