import { PlusOutlined } from '@ant-design/icons';
import {
  DICT_TYPE,
  productCategoryCreate,
  productCategoryDelete,
  productCategoryGet,
  productCategoryList,
  productCategoryUpdate,
} from '@app/contract';
import type { ProductCategory } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import {
  actionColumn,
  CreateButton,
  dateTimeColumn,
  deleteAction,
  dictColumn,
  dictField,
  ExpandAllButton,
  FormDialog,
  imageColumn,
  formItem,
  ListPage,
  numberField,
  queryKey,
  required,
  textColumn,
  textField,
  updateAction,
  useCan,
  useConfirmedCall,
  useFormDialog,
  useTreeList,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { request } from '../../shared/request';
import type { TreeNode } from '../../shared/tree/build-tree';
import { ImageUpload } from '../../shared/ui/form-inputs';

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '分类名称' },
  { kind: 'dict', name: 'status', label: '状态', dictType: DICT_TYPE.COMMON_STATUS },
];

/** 商品分类 (menu component mall/product/category/index): two levels, products sit in the second. */
export function ProductCategoryPage() {
  const list = useTreeList(productCategoryList, { search: SEARCH, expandAll: true });
  const dialog = useFormDialog();
  const [parentId, setParentId] = useState(0);
  const confirmed = useConfirmedCall();
  const canCreate = useCan(productCategoryCreate);
  const canUpdate = useCan(productCategoryUpdate);
  const canDelete = useCan(productCategoryDelete);
  const editingId = dialog.target?.mode === 'update' ? dialog.target.id : undefined;
  // Every category, not the searched ones: any top-level category may become the parent.
  const all = useQuery({
    queryKey: queryKey(productCategoryList, {}),
    queryFn: () => request(productCategoryList, { query: {} }),
    enabled: dialog.target !== null,
  });
  const parentOptions = [
    { value: 0, label: '顶级分类' },
    ...(all.data ?? [])
      .filter((category) => category.parentId === 0 && category.id !== editingId)
      .map((category) => ({ value: category.id, label: category.name })),
  ];
  const openCreate = (parent = 0) => {
    setParentId(parent);
    dialog.openCreate();
  };

  const columns: TableColumnsType<TreeNode<ProductCategory>> = [
    textColumn('分类名称', 'name', { align: 'left' }),
    imageColumn('分类图片', 'picUrl', (row) => row.name),
    textColumn('排序', 'sort', { width: 90, ellipsis: false }),
    dictColumn('状态', 'status', DICT_TYPE.COMMON_STATUS),
    dateTimeColumn(),
    ...actionColumn<ProductCategory>(
      (row) => [
        updateAction(() => dialog.openUpdate(row.id), { visible: canUpdate }),
        {
          key: 'create',
          label: '新增',
          icon: <PlusOutlined />,
          onClick: () => openCreate(row.id),
          // Two levels: only a top-level category takes children.
          visible: canCreate && row.parentId === 0,
        },
        deleteAction(
          () =>
            confirmed({
              content: `是否确认删除商品分类"${row.name}"?`,
              endpoint: productCategoryDelete,
              options: { query: { id: row.id } },
              success: '删除成功',
            }),
          { visible: canDelete },
        ),
      ],
      { visible: canCreate || canUpdate || canDelete, width: 220 },
    ),
  ];

  return (
    <ListPage
      list={list}
      columns={columns}
      actions={
        <>
          <CreateButton endpoint={productCategoryCreate} onClick={() => openCreate()} />
          <ExpandAllButton list={list} />
        </>
      }
      emptyText="暂无商品分类"
      table={{ expandable: list.expandable }}
    >
      <FormDialog
        control={dialog}
        entity="商品分类"
        name="productCategoryForm"
        get={productCategoryGet}
        create={productCategoryCreate}
        update={productCategoryUpdate}
        initialValues={{ parentId, sort: 0, status: 0 }}
      >
        <>
          {formItem(
            '上级分类',
            'parentId',
            required('上级分类'),
            <Select options={parentOptions} loading={all.isLoading} placeholder="请选择上级分类" />,
          )}
          {textField('分类名称', 'name', 255, { compact: 'length' })}
          {formItem('分类图片', 'picUrl', required('分类图片'), <ImageUpload />)}
          {numberField('分类排序', 'sort')}
          {dictField('开启状态', 'status', DICT_TYPE.COMMON_STATUS)}
          {textField('分类描述', 'description', 1024, { optional: true, compact: 'length', rows: 3 })}
        </>
      </FormDialog>
    </ListPage>
  );
}
