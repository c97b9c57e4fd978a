import {
  productPropertyGet,
  productPropertyList,
  productPropertyValueCreate,
  productPropertyValueDelete,
  productPropertyValueGet,
  productPropertyValuePage,
  productPropertyValueUpdate,
} from '@app/contract';
import type { ProductPropertyValue } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import type { SelectProps, TableColumnsType } from 'antd';
import { Navigate, useParams } from 'react-router';
import {
  dateTimeColumn,
  formItem,
  idColumn,
  queryKey,
  remarkField,
  required,
  textColumn,
  textField,
  useCrudPage,
} from '../../shared/crud';
import type { QueryValue, SearchField } from '../../shared/crud';
import { request } from '../../shared/request';

/** Every property as a choice (the search's filter and the dialog's read-only 属性项). */
function PropertySelect(props: SelectProps) {
  const properties = useQuery({
    queryKey: queryKey(productPropertyList, {}),
    queryFn: () => request(productPropertyList, { query: {} }),
  });
  return (
    <Select
      {...props}
      placeholder="请选择属性项"
      loading={properties.isLoading}
      options={(properties.data ?? []).map((p) => ({ label: p.name, value: p.id }))}
    />
  );
}

/** The property to list; choosing one searches at once. */
function PropertyFilter(props: SelectProps) {
  const form = Form.useFormInstance();
  return (
    <PropertySelect
      {...props}
      style={{ width: 200 }}
      onChange={(value, option) => {
        props.onChange?.(value, option);
        form.submit();
      }}
    />
  );
}

const first = (value: QueryValue) => (typeof value === 'string' ? value : value[0]);

const SEARCH: SearchField[] = [
  {
    kind: 'custom',
    name: 'propertyId',
    label: '属性项',
    render: () => <PropertyFilter />,
    toQuery: (value) => String(value),
    fromQuery: (value) => Number(first(value)),
  },
  { kind: 'text', name: 'name', label: '名称' },
];

const ENDPOINTS = {
  page: productPropertyValuePage,
  get: productPropertyValueGet,
  create: productPropertyValueCreate,
  update: productPropertyValueUpdate,
  delete: productPropertyValueDelete,
};

const COLUMNS: TableColumnsType<ProductPropertyValue> = [
  idColumn('编号'),
  textColumn('名称', 'name'),
  textColumn('备注', 'remark'),
  dateTimeColumn(),
];

/** 商品属性值 (/property/value/:propertyId, digits only): the values of one property, which the search can switch. */
export default function ProductPropertyValuePage() {
  const { propertyId = '' } = useParams();
  // The reference route takes digits only; anything else is an unknown page.
  return /^\d+$/.test(propertyId) ? (
    <PropertyValueList key={propertyId} propertyId={Number(propertyId)} />
  ) : (
    <Navigate to="/404" replace />
  );
}

/** The list opens on the route's property (and 重置 returns to it); a new value belongs to the one searched. */
function PropertyValueList({ propertyId }: { propertyId: number }) {
  const property = useQuery({
    queryKey: queryKey(productPropertyGet, { id: propertyId }),
    queryFn: () => request(productPropertyGet, { query: { id: propertyId } }),
  });
  const missing = !property.isPending && !property.data;
  return useCrudPage({
    endpoints: ENDPOINTS,
    entity: '属性值',
    search: SEARCH,
    listOptions: { defaults: { propertyId: String(propertyId) } },
    columns: COLUMNS,
    rowActions: { question: (row) => `是否确认删除属性值"${row.name}"?` },
    emptyText: missing ? '属性项不存在' : '暂无属性值',
    form: {
      name: 'productPropertyValueForm',
      // The searched property; the route's while the search holds its default (kept out of the address).
      initialValues: (filter) => ({
        propertyId: filter.propertyId === undefined ? propertyId : Number(first(filter.propertyId)),
      }),
    },
    fields: (
      <>
        {formItem('属性项', 'propertyId', required('属性项'), <PropertySelect disabled />)}
        {textField('名称', 'name', 64, { compact: 'length' })}
        {remarkField(500, { compact: 'length', rows: 3 })}
      </>
    ),
  });
}
