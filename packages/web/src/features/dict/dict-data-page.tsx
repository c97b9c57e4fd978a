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
  dateTimeColumn,
  formItem,
  idColumn,
  queryKey,
  remarkField,
  required,
  statusColumn,
  statusField,
  textColumn,
  textField,
  useCrudPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { request } from '../../shared/request';
import { COLOR_TYPE_OPTIONS, refreshDictStore } from './dict-admin-shared';

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

const ENDPOINTS = {
  page: dictDataPage,
  get: dictDataGet,
  create: dictDataCreate,
  update: dictDataUpdate,
  delete: dictDataDelete,
  export: dictDataExport,
};

const COLUMNS: TableColumnsType<DictDataRecord> = [
  idColumn('字典编码'),
  textColumn('字典标签', 'label'),
  textColumn('字典键值', 'value'),
  { title: '字典排序', dataIndex: 'sort', width: 90, align: 'center' },
  statusColumn<DictDataRecord>({
    width: 100,
    endpoint: dictDataUpdate,
    save: ({ createTime: _createTime, ...row }, status) =>
      request(dictDataUpdate, { body: { ...row, status } }).then(refreshDictStore),
    refresh: dictDataPage,
    label: (row) => `${row.label}状态`,
    confirm: (word, row) => `确认要"${word}""${row.label}"数据项吗?`,
    readOnlyTag: true,
  }),
  textColumn('颜色类型', 'colorType', { width: 100, ellipsis: false }),
  textColumn('CSS Class', 'cssClass', { width: 110, ellipsis: false }),
  textColumn('备注', 'remark'),
  dateTimeColumn(),
];

/** The list opens on the route's type (and 重置 returns to it); every change reloads the dictionaries. */
function DictDataList({ type }: { type: string | undefined }) {
  return useCrudPage({
    endpoints: ENDPOINTS,
    entity: '字典数据',
    search: SEARCH,
    listOptions: { defaults: type ? { dictType: type } : undefined },
    columns: COLUMNS,
    rowActions: {
      question: (row) => `是否确认删除字典编码为"${row.id}"的数据项?`,
      onDeleted: refreshDictStore,
    },
    exportAs: { entity: '', fileName: '字典数据.xlsx' },
    emptyText: type === undefined ? '字典类型不存在' : '暂无字典数据',
    scrollX: 1100,
    form: {
      name: 'dictDataForm',
      initialValues: (filter) => ({ dictType: filter.dictType, sort: 0, status: 0, colorType: 'default' }),
      onSaved: refreshDictStore,
    },
    fields: (
      <>
        {formItem('字典类型', 'dictType', [], <Input disabled />)}
        {textField('数据标签', 'label', 100, { compact: 'length' })}
        {textField('数据键值', 'value', 100, { compact: 'length' })}
        {formItem(
          '显示排序',
          'sort',
          required('数据顺序'),
          <InputNumber min={0} max={999999} precision={0} />,
        )}
        {statusField()}
        {formItem(
          '颜色类型',
          'colorType',
          [],
          <Select options={COLOR_TYPE_OPTIONS} placeholder="请选择颜色类型" />,
        )}
        {textField('CSS Class', 'cssClass', undefined, {
          optional: true,
          rules: [{ max: 100, message: 'CSS Class 长度不能超过100个字符' }],
          placeholder: '请输入 CSS Class',
        })}
        {remarkField(500, { compact: 'length', rows: 3 })}
      </>
    ),
  });
}

export default DictDataPage;
