import {
  DICT_TYPE,
  productCategoryCreate,
  productCategoryDelete,
  productCategoryGet,
  productCategoryList,
  productCategoryUpdate,
} from '@app/contract';
import type { ProductCategory } from '@app/contract';
import { Select } from 'antd';
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
  useTreeCrudPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import type { TreeNode } from '../../shared/tree/build-tree';
import { ImageUpload } from '../../shared/ui/form-inputs';

const ENDPOINTS = {
  list: productCategoryList,
  get: productCategoryGet,
  create: productCategoryCreate,
  update: productCategoryUpdate,
  delete: productCategoryDelete,
};

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '分类名称' },
  { kind: 'dict', name: 'status', label: '状态', dictType: DICT_TYPE.COMMON_STATUS },
];

const COLUMNS: TableColumnsType<TreeNode<ProductCategory>> = [
  textColumn('分类名称', 'name', { align: 'left' }),
  imageColumn('分类图片', 'picUrl', (row) => row.name),
  textColumn('排序', 'sort', { width: 90, ellipsis: false }),
  dictColumn('状态', 'status', DICT_TYPE.COMMON_STATUS),
  dateTimeColumn(),
];

/** 商品分类 (menu component mall/product/category/index): two levels, products sit in the second. */
export function ProductCategoryPage() {
  return useTreeCrudPage({
    endpoints: ENDPOINTS,
    entity: '商品分类',
    search: SEARCH,
    columns: COLUMNS,
    emptyText: '暂无商品分类',
    // Two levels: only a top-level category takes children.
    takesChildren: (row) => row.parentId === 0,
    form: { name: 'productCategoryForm', initialValues: { sort: 0, status: 0 } },
    fields: (parents) => (
      <>
        {formItem(
          '上级分类',
          'parentId',
          required('上级分类'),
          <Select
            // Any top-level category but the one edited may become the parent.
            options={[
              { value: 0, label: '顶级分类' },
              ...parents.all
                .filter((category) => category.parentId === 0 && category.id !== parents.editingId)
                .map((category) => ({ value: category.id, label: category.name })),
            ]}
            loading={parents.loading}
            placeholder="请选择上级分类"
          />,
        )}
        {textField('分类名称', 'name', 255, { compact: 'length' })}
        {formItem('分类图片', 'picUrl', required('分类图片'), <ImageUpload />)}
        {numberField('分类排序', 'sort')}
        {dictField('开启状态', 'status', DICT_TYPE.COMMON_STATUS)}
        {textField('分类描述', 'description', 1024, { optional: true, compact: 'length', rows: 3 })}
      </>
    ),
  });
}
