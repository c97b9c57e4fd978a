import {
  DICT_TYPE,
  infraConfigCreate,
  infraConfigDelete,
  infraConfigExport,
  infraConfigGet,
  infraConfigPage,
  infraConfigUpdate,
} from '@app/contract';
import type { InfraConfig } from '@app/contract';
import { Radio } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  dateTimeColumn,
  dictColumn,
  formItem,
  idColumn,
  remarkField,
  required,
  textColumn,
  textField,
  useCrudPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { DocAlert } from '../../shared/ui/doc-alert';

const ENDPOINTS = {
  page: infraConfigPage,
  get: infraConfigGet,
  create: infraConfigCreate,
  update: infraConfigUpdate,
  delete: infraConfigDelete,
  export: infraConfigExport,
};

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '参数名称' },
  { kind: 'text', name: 'key', label: '参数键名' },
  {
    kind: 'dict',
    name: 'type',
    label: '系统内置',
    dictType: DICT_TYPE.INFRA_CONFIG_TYPE,
    placeholder: '系统内置',
  },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

const COLUMNS: TableColumnsType<InfraConfig> = [
  idColumn('参数主键'),
  textColumn('参数分类', 'category', { width: 100, ellipsis: false }),
  textColumn('参数名称', 'name'),
  textColumn('参数键名', 'key'),
  textColumn('参数键值', 'value'),
  dictColumn('系统内置', 'type', DICT_TYPE.INFRA_CONFIG_TYPE, { width: 100 }),
  {
    title: '是否可见',
    dataIndex: 'visible',
    width: 90,
    align: 'center',
    render: (visible: boolean) => (visible ? '是' : '否'),
  },
  textColumn('备注', 'remark'),
  dateTimeColumn(),
];

const YES_NO = [
  { label: '是', value: true },
  { label: '否', value: false },
];

/** 配置管理 (menu component infra/config/index): configuration parameters read by key. */
export function ConfigPage() {
  return useCrudPage({
    endpoints: ENDPOINTS,
    entity: '参数',
    search: SEARCH,
    columns: COLUMNS,
    header: <DocAlert title="配置中心" url="https://doc.iocoder.cn/config-center/" />,
    exportAs: { fileName: '参数配置.xlsx' },
    emptyText: '暂无参数配置',
    scrollX: 1100,
    form: { name: 'configForm', initialValues: { visible: true } },
    fields: (_, updating) => (
      // The key cannot change once created: code reads values by key.
      <>
        {textField('参数分类', 'category', 50, { compact: true })}
        {textField('参数名称', 'name', 100, { compact: true })}
        {textField('参数键名', 'key', 100, { compact: 'length', disabled: updating })}
        {textField('参数键值', 'value', 500, { compact: 'length' })}
        {formItem('是否可见', 'visible', required('是否可见'), <Radio.Group options={YES_NO} />)}
        {remarkField(500, { compact: 'length', rows: 3 })}
      </>
    ),
  });
}
