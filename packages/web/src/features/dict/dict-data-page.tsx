import {
  DICT_TYPE,
  dictDataCreate,
  dictDataDelete,
  dictDataExport,
  dictDataGet,
  dictDataPage,
  dictDataUpdate,
  dictTypeGet,
  dictTypeListAllSimple,
} from '@app/contract';
import type { DictDataRecord } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Select, Spin } from 'antd';
import type { SelectProps, TableColumnsType } from 'antd';
import { Navigate, useParams } from 'react-router';
import {
  actionColumn,
  CreateButton,
  dateTimeColumn,
  deleteAction,
  DictRadio,
  ExportButton,
  FormDialog,
  ListPage,
  queryKey,
  required,
  updateAction,
  useCan,
  useConfirmedCall,
  useFormDialog,
  useListPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { request } from '../../shared/request';
import { COLOR_TYPE_OPTIONS, DictStatusSwitch, refreshDictStore } from './dict-admin-shared';

/** The dictionary to list; choosing one searches at once. */
function DictTypeSelect(props: SelectProps) {
  const form = Form.useFormInstance();
  const types = useQuery({
    queryKey: queryKey(dictTypeListAllSimple),
    queryFn: () => request(dictTypeListAllSimple),
  });
  return (
    <Select
      {...props}
      style={{ width: 200 }}
      placeholder="请选择字典"
      loading={types.isLoading}
      options={(types.data ?? []).map((t) => ({ label: t.name, value: t.type }))}
      onChange={(value, option) => {
        props.onChange?.(value, option);
        form.submit();
      }}
    />
  );
}

const SEARCH: SearchField[] = [
  {
    kind: 'custom',
    name: 'dictType',
    label: '字典名称',
    render: () => <DictTypeSelect />,
    toQuery: (value) => String(value),
    fromQuery: (value) => value,
  },
  { kind: 'text', name: 'label', label: '字典标签' },
  { kind: 'dict', name: 'status', label: '状态', dictType: DICT_TYPE.COMMON_STATUS, placeholder: '数据状态' },
];

/** 字典数据 (/dict/type/data/:dictId, digits only): the items of one dictionary type, which the search can switch. */
export function DictDataPage() {
  const { dictId = '' } = useParams();
  // The reference route takes digits only; anything else is an unknown page.
  return /^\d+$/.test(dictId) ? (
    <DictDataOfType key={dictId} dictId={Number(dictId)} />
  ) : (
    <Navigate to="/404" replace />
  );
}

function DictDataOfType({ dictId }: { dictId: number }) {
  const dictType = useQuery({
    queryKey: queryKey(dictTypeGet, { id: dictId }),
    queryFn: () => request(dictTypeGet, { query: { id: dictId } }),
  });
  if (dictType.isPending) return <Spin className="list-page" />;
  return <DictDataList type={dictType.data?.type} />;
}

/** The list opens on the route's type (and 重置 returns to it). */
function DictDataList({ type }: { type: string | undefined }) {
  const list = useListPage(dictDataPage, { search: SEARCH, defaults: type ? { dictType: type } : undefined });
  const dialog = useFormDialog();
  const confirmed = useConfirmedCall();
  const canUpdate = useCan(dictDataUpdate);
  const canDelete = useCan(dictDataDelete);
  const onDelete = (row: DictDataRecord) =>
    confirmed({
      content: `是否确认删除字典编码为"${row.id}"的数据项?`,
      endpoint: dictDataDelete,
      options: { query: { id: row.id } },
      success: '删除成功',
      then: refreshDictStore,
    });

  const columns: TableColumnsType<DictDataRecord> = [
    { title: '字典编码', dataIndex: 'id', width: 90, align: 'center' },
    { title: '字典标签', dataIndex: 'label', align: 'center', ellipsis: true },
    { title: '字典键值', dataIndex: 'value', align: 'center', ellipsis: true },
    { title: '字典排序', dataIndex: 'sort', width: 90, align: 'center' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      align: 'center',
      render: (status: number, { createTime: _createTime, ...row }) => (
        <DictStatusSwitch
          editable={canUpdate}
          status={status}
          label={`${row.label}状态`}
          confirm={(word) => `确认要"${word}""${row.label}"数据项吗?`}
          save={(next) => request(dictDataUpdate, { body: { ...row, status: next } })}
          refresh={dictDataPage}
        />
      ),
    },
    { title: '颜色类型', dataIndex: 'colorType', width: 100, align: 'center' },
    { title: 'CSS Class', dataIndex: 'cssClass', width: 110, align: 'center' },
    { title: '备注', dataIndex: 'remark', align: 'center', ellipsis: true },
    dateTimeColumn(),
    ...actionColumn<DictDataRecord>(
      (row) => [
        updateAction(() => dialog.openUpdate(row.id), { visible: canUpdate }),
        deleteAction(() => onDelete(row), { visible: canDelete }),
      ],
      { visible: canUpdate || canDelete },
    ),
  ];

  return (
    <ListPage
      list={list}
      columns={columns}
      actions={
        <>
          <CreateButton endpoint={dictDataCreate} onClick={dialog.openCreate} />
          <ExportButton endpoint={dictDataExport} query={list.filter} entity="" fileName="字典数据.xlsx" />
        </>
      }
      emptyText={type === undefined ? '字典类型不存在' : '暂无字典数据'}
      scrollX={1100}
    >
      <FormDialog
        control={dialog}
        entity="字典数据"
        name="dictDataForm"
        get={dictDataGet}
        create={dictDataCreate}
        update={dictDataUpdate}
        initialValues={{ dictType: list.state.query.dictType, sort: 0, status: 0, colorType: 'default' }}
        onSaved={refreshDictStore}
      >
        <Form.Item label="字典类型" name="dictType">
          <Input disabled />
        </Form.Item>
        <Form.Item
          label="数据标签"
          name="label"
          rules={[
            { required: true, whitespace: true, message: '数据标签不能为空' },
            { max: 100, message: '数据标签长度不能超过100个字符' },
          ]}
        >
          <Input placeholder="请输入数据标签" />
        </Form.Item>
        <Form.Item
          label="数据键值"
          name="value"
          rules={[
            { required: true, whitespace: true, message: '数据键值不能为空' },
            { max: 100, message: '数据键值长度不能超过100个字符' },
          ]}
        >
          <Input placeholder="请输入数据键值" />
        </Form.Item>
        <Form.Item label="显示排序" name="sort" rules={required('数据顺序')}>
          <InputNumber min={0} max={999999} precision={0} />
        </Form.Item>
        <Form.Item label="状态" name="status" rules={required('状态')}>
          <DictRadio dictType={DICT_TYPE.COMMON_STATUS} />
        </Form.Item>
        <Form.Item label="颜色类型" name="colorType">
          <Select options={COLOR_TYPE_OPTIONS} placeholder="请选择颜色类型" />
        </Form.Item>
        <Form.Item
          label="CSS Class"
          name="cssClass"
          rules={[{ max: 100, message: 'CSS Class 长度不能超过100个字符' }]}
        >
          <Input placeholder="请输入 CSS Class" />
        </Form.Item>
        <Form.Item label="备注" name="remark" rules={[{ max: 500, message: '备注长度不能超过500个字符' }]}>
          <Input.TextArea placeholder="请输入内容" rows={3} />
        </Form.Item>
      </FormDialog>
    </ListPage>
  );
}

export default DictDataPage;
