import {
  DICT_TYPE,
  dictTypeCreate,
  dictTypeDelete,
  dictTypeExport,
  dictTypeGet,
  dictTypePage,
  dictTypeUpdate,
} from '@app/contract';
import type { DictTypeRecord } from '@app/contract';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import {
  dateTimeColumn,
  idColumn,
  remarkField,
  statusColumn,
  statusField,
  textColumn,
  textField,
  useCrudPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { request } from '../../shared/request';
import { refreshDictStore } from './dict-admin-shared';

const ENDPOINTS = {
  page: dictTypePage,
  get: dictTypeGet,
  create: dictTypeCreate,
  update: dictTypeUpdate,
  delete: dictTypeDelete,
  export: dictTypeExport,
};

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '字典名称' },
  { kind: 'text', name: 'type', label: '字典类型' },
  { kind: 'dict', name: 'status', label: '状态', dictType: DICT_TYPE.COMMON_STATUS, placeholder: '字典状态' },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

const COLUMNS: TableColumnsType<DictTypeRecord> = [
  idColumn('字典编号'),
  textColumn('字典名称', 'name'),
  textColumn('字典类型', 'type', {
    render: (type: string, row) => <Link to={`/dict/type/data/${row.id}`}>{type}</Link>,
  }),
  statusColumn<DictTypeRecord>({
    width: 100,
    endpoint: dictTypeUpdate,
    save: (row, status) =>
      request(dictTypeUpdate, { body: { id: row.id, name: row.name, status, remark: row.remark } }).then(
        refreshDictStore,
      ),
    refresh: dictTypePage,
    label: (row) => `${row.name}状态`,
    confirm: (word, row) => `确认要"${word}""${row.name}"字典吗?`,
    readOnlyTag: true,
  }),
  textColumn('备注', 'remark'),
  dateTimeColumn(),
];

/** 字典管理 (menu component system/dict/index): dictionary types; each type links to its data page. */
export function DictTypePage() {
  return useCrudPage({
    endpoints: ENDPOINTS,
    entity: '字典',
    search: SEARCH,
    columns: COLUMNS,
    exportAs: { entity: '字典类型', fileName: '字典类型.xlsx' },
    emptyText: '暂无字典类型',
    scrollX: 900,
    form: {
      name: 'dictTypeForm',
      entity: '字典类型',
      initialValues: { status: 0 },
      onSaved: refreshDictStore,
    },
    fields: (_, updating) => (
      <>
        {textField('字典名称', 'name', 100, { compact: 'length' })}
        {textField('字典类型', 'type', 100, { compact: 'length', disabled: updating })}
        {statusField()}
        {remarkField(500, { compact: 'length', rows: 3 })}
      </>
    ),
  });
}

export default DictTypePage;
