import {
  productPropertyCreate,
  productPropertyDelete,
  productPropertyGet,
  productPropertyPage,
  productPropertyUpdate,
} from '@app/contract';
import type { ProductProperty } from '@app/contract';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { dateTimeColumn, idColumn, remarkField, textColumn, textField, useCrudPage } from '../../shared/crud';
import type { SearchField } from '../../shared/crud';

const ENDPOINTS = {
  page: productPropertyPage,
  get: productPropertyGet,
  create: productPropertyCreate,
  update: productPropertyUpdate,
  delete: productPropertyDelete,
};

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '名称' },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

const COLUMNS: TableColumnsType<ProductProperty> = [
  idColumn('编号'),
  // The name leads to the property's values.
  textColumn('名称', 'name', {
    render: (name: string, row) => <Link to={`/property/value/${row.id}`}>{name}</Link>,
  }),
  textColumn('备注', 'remark'),
  dateTimeColumn(),
];

/** 商品属性 (menu component mall/product/property/index): the specification names (颜色, 尺寸…). */
export function ProductPropertyPage() {
  return useCrudPage({
    endpoints: ENDPOINTS,
    entity: '属性项',
    search: SEARCH,
    columns: COLUMNS,
    rowActions: { question: (row) => `是否确认删除属性项"${row.name}"?` },
    emptyText: '暂无属性项',
    form: { name: 'productPropertyForm' },
    fields: (
      <>
        {textField('名称', 'name', 64, { compact: 'length' })}
        {remarkField(500, { compact: 'length', rows: 3 })}
      </>
    ),
  });
}
