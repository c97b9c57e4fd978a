import { PlusOutlined } from '@ant-design/icons';
import type { Endpoint, EndpointData } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { request } from '../request';
import { buildTree } from '../tree/build-tree';
import type { TreeNode } from '../tree/build-tree';
import { deleteAction, updateAction } from '../ui/row-actions';
import { actionColumn, CreateButton, ExportButton } from './actions';
import { useConfirmedCall } from './confirmed-call';
import { FormDialog, useFormDialog } from './form-dialog';
import { ListPage } from './list-page';
import type { ListPageProps } from './list-page';
import { queryKey } from './query-key';
import type { SearchField } from './search-fields';
import { ExpandAllButton, useTreeList } from './tree-list';
import type { TreeListApi, TreeRowOf } from './tree-list';
import { useCan } from './use-can';

/** The endpoints of an entity kept as a tree: a list that answers every row, and the row's own. */
export interface TreeCrudEndpoints {
  list: Endpoint;
  get: Endpoint;
  create: Endpoint;
  update: Endpoint;
  delete: Endpoint;
  export?: Endpoint;
}

interface TreeRow {
  id: number;
  parentId: number;
  name: string;
}
type Row<E extends TreeCrudEndpoints> = Extract<TreeRowOf<E['list']>, TreeRow>;
type Values = Record<string, unknown>;

export interface ParentOption {
  value: number;
  title: string;
  children?: ParentOption[];
}

/** What the form's fields offer as the parent: every row, not only the searched ones. */
export interface ParentChoices<T> {
  all: readonly T[];
  loading: boolean;
  /** The row the dialog edits (none while adding one). */
  editingId: number | string | undefined;
  /** The rows as a tree below a root (id 0) titled `rootTitle`, without the row edited and its own. */
  tree: (rootTitle: string) => ParentOption[];
}

export interface TreeCrudPageOptions<E extends TreeCrudEndpoints> extends Pick<
  ListPageProps<TreeNode<Row<E>>>,
  'header' | 'emptyText' | 'scrollX'
> {
  endpoints: E;
  /** '部门': the dialog titles, the delete question, the export. */
  entity: string;
  search: readonly SearchField[];
  /** The columns before 操作. */
  columns: TableColumnsType<TreeNode<Row<E>>>;
  form: {
    name: string;
    /** A new row's values besides its parent. */
    initialValues?: Values;
    toForm?: (row: NonNullable<EndpointData<E['get']>>) => Values;
  };
  fields: (parents: ParentChoices<Row<E>>) => ReactNode;
  /** The delete question, where it is not `是否确认删除{entity}"{name}"?`. */
  deleteQuestion?: (row: Row<E>) => string;
  /** The rows that take a child (新增 in their row); all by default. */
  takesChildren?: (row: Row<E>) => boolean;
  /** The rows that may be deleted; all by default. */
  deletable?: (row: Row<E>) => boolean;
}

const toParentOptions = <T extends TreeRow>(nodes: TreeNode<T>[], excludeId: unknown): ParentOption[] =>
  nodes
    .filter((node) => node.id !== excludeId)
    .map((node) => ({
      value: node.id,
      title: node.name,
      ...(node.children ? { children: toParentOptions(node.children, excludeId) } : {}),
    }));

/**
 * A tree entity's management page (部门, 商品分类…): the tree with its search, 新增 / 导出 / 展开, the 操作
 * column (修改, 新增 of a child, 删除) and the form dialog, whose fields choose the parent among every row.
 */
export function useTreeCrudPage<E extends TreeCrudEndpoints>({
  endpoints,
  entity,
  search,
  columns,
  form,
  fields,
  deleteQuestion = (row) => `是否确认删除${entity}"${row.name}"?`,
  takesChildren = () => true,
  deletable = () => true,
  ...listProps
}: TreeCrudPageOptions<E>): ReactElement {
  type T = Row<E>;
  const list = useTreeList(endpoints.list, { search, expandAll: true }) as unknown as TreeListApi<T>;
  const dialog = useFormDialog();
  const [parentId, setParentId] = useState(0);
  const confirmed = useConfirmedCall();
  const canCreate = useCan(endpoints.create);
  const canUpdate = useCan(endpoints.update);
  const canDelete = useCan(endpoints.delete);
  const editingId = dialog.target?.mode === 'update' ? dialog.target.id : undefined;
  const all = useQuery({
    queryKey: queryKey(endpoints.list, {}),
    queryFn: () => request(endpoints.list, { query: {} as never }),
    enabled: dialog.target !== null,
  });
  const rows = (all.data ?? []) as readonly T[];
  const parents: ParentChoices<T> = {
    all: rows,
    loading: all.isLoading,
    editingId,
    tree: (rootTitle) => [
      { value: 0, title: rootTitle, children: toParentOptions(buildTree(rows), editingId) },
    ],
  };
  const openCreate = (parent = 0) => {
    setParentId(parent);
    dialog.openCreate();
  };
  const actions = actionColumn<T>(
    (row) => [
      updateAction(() => dialog.openUpdate(row.id), { visible: canUpdate }),
      {
        key: 'create',
        label: '新增',
        icon: <PlusOutlined />,
        onClick: () => openCreate(row.id),
        visible: canCreate && takesChildren(row),
      },
      deleteAction(
        () =>
          confirmed({
            content: deleteQuestion(row),
            endpoint: endpoints.delete,
            options: { query: { id: row.id } } as never,
            success: '删除成功',
          }),
        { visible: canDelete && deletable(row) },
      ),
    ],
    { visible: canCreate || canUpdate || canDelete, width: 220 },
  ) as TableColumnsType<TreeNode<T>>;

  return (
    <ListPage
      {...listProps}
      list={list}
      columns={[...columns, ...actions]}
      actions={
        <>
          <CreateButton endpoint={endpoints.create} onClick={() => openCreate()} />
          {endpoints.export && (
            <ExportButton endpoint={endpoints.export} query={list.filter} entity={entity} />
          )}
          <ExpandAllButton list={list} />
        </>
      }
      table={{ expandable: list.expandable }}
    >
      <FormDialog
        control={dialog}
        entity={entity}
        name={form.name}
        get={endpoints.get}
        create={endpoints.create}
        update={endpoints.update}
        initialValues={{ ...form.initialValues, parentId }}
        {...(form.toForm ? { toForm: form.toForm as (row: unknown) => Values } : {})}
      >
        {fields(parents)}
      </FormDialog>
    </ListPage>
  );
}
