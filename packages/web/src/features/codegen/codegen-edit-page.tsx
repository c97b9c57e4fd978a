import { RollbackOutlined, SaveOutlined } from '@ant-design/icons';
import {
  codegenDetailGet,
  codegenTablePage,
  codegenUpdate,
  dictTypeListAllSimple,
  menuListAllSimple,
} from '@app/contract';
import type {
  CodegenColumn,
  CodegenDetail,
  CodegenTable,
  CodegenUpdateReq,
  DictTypeSimple,
  MenuSimple,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Result, Skeleton, Space, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { useTabs } from '../../layout/tags-view';
import { invalidateEndpoints, queryKey, remarkField, textField, useCan } from '../../shared/crud';
import { errorMessageOf, request } from '../../shared/request';
import { CodegenColumnsGrid } from './codegen-columns-grid';
import { CodegenGenFields } from './codegen-gen-fields';
import { CODEGEN_LIST_PATH } from './codegen-paths';
import './codegen.css';

type Values = CodegenTable & { columns: CodegenColumn[] };
type TabKey = 'basic' | 'columns' | 'gen';

const BASIC_FIELDS: readonly string[] = ['tableName', 'tableComment', 'className', 'author', 'remark'];

/** The tab showing a failed field, so that 提交 leads to it. */
const tabOf = (field: readonly (string | number)[] | undefined): TabKey => {
  const [name] = field ?? [];
  if (name === 'columns') return 'columns';
  return BASIC_FIELDS.includes(String(name)) ? 'basic' : 'gen';
};

/** The loaded settings as the form edits them: old data's "<>" is the "<" option, no dictionary is empty. */
const toValues = ({ table, columns }: CodegenDetail) => ({
  ...table,
  columns: columns.map((column) => ({
    ...column,
    listOperationCondition: column.listOperationCondition === '<>' ? '<' : column.listOperationCondition,
    dictType: column.dictType || undefined,
  })),
});

/** 修改生成配置 (/codegen/edit/:tableId, digits only): one imported table's generation settings. */
export default function CodegenEditPage() {
  const { tableId = '' } = useParams();
  return /^\d+$/.test(tableId) ? (
    <CodegenEditor key={tableId} tableId={Number(tableId)} />
  ) : (
    <Navigate to="/404" replace />
  );
}

function CodegenEditor({ tableId }: { tableId: number }) {
  const detail = useQuery({
    queryKey: queryKey(codegenDetailGet, { tableId }),
    queryFn: () => request(codegenDetailGet, { query: { tableId } }),
    staleTime: 0,
  });
  const dictTypes = useQuery({
    queryKey: queryKey(dictTypeListAllSimple),
    queryFn: () => request(dictTypeListAllSimple),
  });
  const menus = useQuery({
    queryKey: queryKey(menuListAllSimple),
    queryFn: () => request(menuListAllSimple),
  });

  if (detail.isError)
    return (
      <div className="codegen-edit">
        <Result
          status="error"
          title="生成配置加载失败"
          subTitle={errorMessageOf(detail.error)}
          extra={
            <Button type="primary" onClick={() => void detail.refetch()}>
              重试
            </Button>
          }
        />
      </div>
    );
  if (!detail.data)
    return (
      <div className="codegen-edit">
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  return <CodegenForm detail={detail.data} dictTypes={dictTypes.data ?? []} menus={menus.data ?? []} />;
}

function CodegenForm({
  detail,
  dictTypes,
  menus,
}: {
  detail: CodegenDetail;
  dictTypes: readonly DictTypeSimple[];
  menus: readonly MenuSimple[];
}) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const tabs = useTabs();
  const [form] = Form.useForm<Values>();
  const [tab, setTab] = useState<TabKey>('columns');
  const canUpdate = useCan(codegenUpdate);
  const save = useMutation({
    mutationFn: (values: Values) => request(codegenUpdate, { body: toBody(values) }),
  });

  const title = `修改[${detail.table.tableName}]生成配置`;
  useEffect(() => tabs.setTitle(title), [tabs, title]);

  const back = () => tabs.closeAndOpen(CODEGEN_LIST_PATH);
  const submit = async () => {
    try {
      await form.validateFields();
    } catch (error) {
      void message.error('表单校验未通过，请重新检查提交内容');
      setTab(tabOf((error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0]?.name));
      return;
    }
    await save.mutateAsync(form.getFieldsValue(true));
    void message.success('修改成功！');
    await invalidateEndpoints(client, codegenUpdate, codegenTablePage);
    back();
  };

  // Every tab renders from the start, so that 提交 validates the fields of all three.
  const items = [
    {
      key: 'basic',
      label: '基本信息',
      forceRender: true,
      children: (
        <div className="codegen-form">
          {textField('表名称', 'tableName', 200)}
          {textField('表描述', 'tableComment', 500)}
          {textField('实体类名称', 'className', 60)}
          {textField('作者', 'author', 60)}
          {remarkField(500, { rows: 3 })}
        </div>
      ),
    },
    {
      key: 'columns',
      label: '字段信息',
      forceRender: true,
      children: <CodegenColumnsGrid columns={detail.columns} dictTypes={dictTypes} />,
    },
    {
      key: 'gen',
      label: '生成信息',
      forceRender: true,
      children: <CodegenGenFields table={detail.table} columns={detail.columns} menus={menus} />,
    },
  ];

  return (
    <div className="codegen-edit">
      <Form form={form} name="codegen-edit" initialValues={toValues(detail)} labelCol={{ flex: '120px' }}>
        <Tabs activeKey={tab} onChange={(key) => setTab(key as TabKey)} items={items} />
      </Form>
      <Space className="codegen-edit-actions">
        {canUpdate && (
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={save.isPending}
            onClick={() => void submit().catch(() => {})}
          >
            提交
          </Button>
        )}
        <Button icon={<RollbackOutlined />} onClick={back}>
          返回
        </Button>
      </Space>
    </div>
  );
}

/**
 * The form's values as the update takes them; the fields the form does not show travel as loaded, and
 * the selects hold only the contract's types, conditions and widgets.
 */
const toBody = ({ columns, ...table }: Values): CodegenUpdateReq => ({
  table,
  columns: columns.map((column) => ({
    ...column,
    dictType: column.dictType ?? '',
  })) as CodegenUpdateReq['columns'],
});
