import {
  DICT_TYPE,
  deliveryExpressCreate,
  deliveryExpressDelete,
  deliveryExpressExport,
  deliveryExpressGet,
  deliveryExpressPage,
  deliveryExpressUpdate,
} from '@app/contract';
import type { DeliveryExpress } from '@app/contract';
import type { FormRule, TableColumnsType } from 'antd';
import {
  compactText,
  dateTimeColumn,
  dictColumn,
  formItem,
  idColumn,
  imageColumn,
  numberField,
  statusField,
  textColumn,
  textField,
  useCrudPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { ImageUpload } from '../../shared/ui/form-inputs';

const ENDPOINTS = {
  page: deliveryExpressPage,
  get: deliveryExpressGet,
  create: deliveryExpressCreate,
  update: deliveryExpressUpdate,
  delete: deliveryExpressDelete,
  export: deliveryExpressExport,
};

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'code', label: '快递公司编码' },
  { kind: 'text', name: 'name', label: '快递公司名称' },
  { kind: 'dict', name: 'status', label: '状态', dictType: DICT_TYPE.COMMON_STATUS },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

const LOGO = imageColumn<DeliveryExpress>('快递公司 logo', 'logo', (row) => row.name, { width: 120 });

const COLUMNS: TableColumnsType<DeliveryExpress> = [
  idColumn('编号'),
  textColumn('快递公司编码', 'code'),
  textColumn('快递公司名称', 'name'),
  { ...LOGO, render: (url: string | null, row, index) => (url ? LOGO.render!(url, row, index) : '-') },
  textColumn('排序', 'sort', { width: 90, ellipsis: false }),
  dictColumn('状态', 'status', DICT_TYPE.COMMON_STATUS),
  dateTimeColumn(),
];

/** The code the contract allows: letters, digits, '_' and '-'. */
const CODE_RULES: FormRule[] = [
  ...compactText('快递公司编码', 64, { length: true }),
  { pattern: /^[A-Za-z0-9_-]+$/, message: '快递公司编码只能包含字母、数字、下划线和中划线' },
];

/** 快递公司 (menu component mall/trade/delivery/express/index). */
export function DeliveryExpressPage() {
  return useCrudPage({
    endpoints: ENDPOINTS,
    entity: '快递公司',
    search: SEARCH,
    columns: COLUMNS,
    rowActions: { question: (row) => `是否确认删除快递公司"${row.name}"?` },
    emptyText: '暂无快递公司',
    scrollX: 1000,
    form: { name: 'deliveryExpressForm', labelWidth: 120, initialValues: { sort: 0, status: 0 } },
    fields: (
      <>
        {textField('快递公司编码', 'code', 64, { rules: CODE_RULES })}
        {textField('快递公司名称', 'name', 64, { compact: 'length' })}
        {formItem('快递公司 logo', 'logo', [], <ImageUpload />)}
        {numberField('排序', 'sort')}
        {statusField()}
      </>
    ),
  });
}
