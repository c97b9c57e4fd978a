import { DICT_TYPE, MENU_TYPE, menuCreate, menuDelete, menuList, menuUpdate } from '@app/contract';
import type { Menu } from '@app/contract';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import {
  actionColumn,
  CreateButton,
  deleteAction,
  dictColumn,
  ExpandAllButton,
  ListPage,
  statusColumn,
  updateAction,
  useCan,
  useConfirmedCall,
  useFormDialog,
  useTreeList,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { MenuIcon } from '../../shared/menu/menu-icons';
import { request } from '../../shared/request';
import { MenuFormDialog } from './menu-form-dialog';

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '菜单名称' },
  { kind: 'dict', name: 'status', label: '状态', dictType: DICT_TYPE.COMMON_STATUS, placeholder: '菜单状态' },
];

/**
 * 菜单管理 (menu component system/menu/index): every menu as a tree table with search,
 * expand/collapse all, create (top level or below a row), edit, status switch and delete.
 */
export function MenuPage() {
  const list = useTreeList(menuList, { search: SEARCH });
  const dialog = useFormDialog();
  const [parentId, setParentId] = useState(0);
  const confirmed = useConfirmedCall();
  const canCreate = useCan(menuCreate);
  const canUpdate = useCan(menuUpdate);
  const canDelete = useCan(menuDelete);

  const openCreate = (parent: number) => {
    setParentId(parent);
    dialog.openCreate();
  };
  const onDelete = (row: Menu) =>
    confirmed({
      content: `是否确认删除名称为"${row.name}"的数据项？`,
      endpoint: menuDelete,
      options: { query: { id: row.id } },
      success: '删除成功',
    });

  const columns: TableColumnsType<Menu> = [
    { title: '菜单名称', dataIndex: 'name', width: 220, ellipsis: true, fixed: 'left' },
    {
      title: '图标',
      dataIndex: 'icon',
      width: 70,
      align: 'center',
      render: (icon: string, row) =>
        row.type === MENU_TYPE.BUTTON || !icon ? null : <MenuIcon name={icon} />,
    },
    { title: '排序', dataIndex: 'sort', width: 70, align: 'center' },
    { title: '权限标识', dataIndex: 'permission', width: 200, ellipsis: true },
    { title: '组件路径', dataIndex: 'component', width: 200, ellipsis: true },
    { title: '组件名称', dataIndex: 'componentName', width: 160, ellipsis: true },
    dictColumn('类型', 'type', DICT_TYPE.SYSTEM_MENU_TYPE, { width: 80 }),
    statusColumn<Menu>({
      width: 80,
      endpoint: menuUpdate,
      save: (row, status) => request(menuUpdate, { body: { ...menuBody(row), status } }),
      refresh: menuList,
      label: (row) => `${row.name}的状态`,
      confirm: (word, row) => `确认要${word}"${row.name}"菜单吗？`,
      size: 'small',
    }),
    ...actionColumn<Menu>(
      (row) => [
        updateAction(() => dialog.openUpdate(row.id), { visible: canUpdate }),
        {
          key: 'create',
          label: '新增',
          onClick: () => openCreate(row.id),
          visible: row.type !== MENU_TYPE.BUTTON && canCreate,
        },
        deleteAction(() => onDelete(row), { visible: canDelete }),
      ],
      { width: 200 },
    ),
  ];

  return (
    <ListPage
      list={list}
      columns={columns}
      actions={
        <>
          <CreateButton endpoint={menuCreate} onClick={() => openCreate(0)} />
          <ExpandAllButton list={list} />
        </>
      }
      emptyText="暂无菜单"
      scrollX={1280}
      table={{ expandable: list.expandable }}
    >
      <MenuFormDialog control={dialog} parentId={parentId} />
    </ListPage>
  );
}

/** A listed menu as the update body. */
const menuBody = (menu: Menu) => ({
  id: menu.id,
  name: menu.name,
  permission: menu.permission,
  type: menu.type as 1 | 2 | 3,
  sort: menu.sort,
  parentId: menu.parentId,
  path: menu.path,
  icon: menu.icon,
  component: menu.component,
  componentName: menu.componentName,
  status: menu.status as 0 | 1,
  visible: menu.visible,
  keepAlive: menu.keepAlive,
  alwaysShow: menu.alwaysShow,
});
