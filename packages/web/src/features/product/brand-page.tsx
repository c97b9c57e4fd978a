import {
  DICT_TYPE,
  productBrandCreate,
  productBrandDelete,
  productBrandGet,
  productBrandPage,
  productBrandUpdate,
} from '@app/contract';
import type { ProductBrand } from '@app/contract';
import type { TableColumnsType } from 'antd';
import {
  dateTimeColumn,
  dictColumn,
  dictField,
  formItem,
  imageColumn,
  numberField,
  required,
  textColumn,
  textField,
  useCrudPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { ImageUpload } from '../../shared/ui/form-inputs';

const ENDPOINTS = {
  page: productBrandPage,
  get: productBrandGet,
  create: productBrandCreate,
  update: productBrandUpdate,
  delete: productBrandDelete,
};

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '品牌名称' },
  { kind: 'dict', name: 'status', label: '状态', dictType: DICT_TYPE.COMMON_STATUS },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

const COLUMNS: TableColumnsType<ProductBrand> = [
  textColumn('品牌名称', 'name'),
  imageColumn('品牌图片', 'picUrl', (row) => row.name),
  textColumn('品牌排序', 'sort', { width: 90, ellipsis: false }),
  dictColumn('开启状态', 'status', DICT_TYPE.COMMON_STATUS),
  dateTimeColumn(),
];

/** 商品品牌 (menu component mall/product/brand/index). */
export function ProductBrandPage() {
  return useCrudPage({
    endpoints: ENDPOINTS,
    entity: '品牌',
    search: SEARCH,
    columns: COLUMNS,
    rowActions: { question: (row) => `是否确认删除品牌"${row.name}"?` },
    emptyText: '暂无品牌',
    form: { name: 'productBrandForm', initialValues: { sort: 0, status: 0 } },
    fields: (
      <>
        {textField('品牌名称', 'name', 255, { compact: 'length' })}
        {formItem('品牌图片', 'picUrl', required('品牌图片'), <ImageUpload />)}
        {numberField('品牌排序', 'sort')}
        {dictField('品牌状态', 'status', DICT_TYPE.COMMON_STATUS)}
        {textField('品牌描述', 'description', 1024, { optional: true, compact: 'length', rows: 3 })}
      </>
    ),
  });
}
