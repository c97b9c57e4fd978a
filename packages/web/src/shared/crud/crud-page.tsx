import type { Endpoint, EndpointData } from '@app/contract';
import { App } from 'antd';
import type { TableColumnsType } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { actionColumn, CreateButton, ExportButton } from './actions';
import { useEditDeleteColumn } from './columns';
import type { EditDeleteColumnOptions } from './columns';
import { detailAction, DetailDialog, useDetailDialog } from './detail-dialog';
import type { DetailDialogProps } from './detail-dialog';
import { FormDialog, useFormDialog } from './form-dialog';
import type { FormDialogProps } from './form-dialog';
import { request } from '../request';
import { ListPage } from './list-page';
import type { ListPageProps } from './list-page';
import type { ListQuery, SearchField } from './search-fields';
import { useListPage } from './use-list-page';
import type { ListPageApi, ListPageOptions, PageEndpoint, RowOf } from './use-list-page';

/**
 * The endpoints of one entity, as the contract names them. A list without a form gives only `page`
 * (and `export`); `delete` alone adds 删除 without 修改.
 */
export interface CrudEndpoints {
  page: PageEndpoint;
  get?: Endpoint;
  create?: Endpoint;
  update?: Endpoint;
  delete?: Endpoint;
  /** 导出 of the list's search, when given. */
  export?: Endpoint;
}

type Row<E extends CrudEndpoints> = Extract<RowOf<E['page']>, object>;
type Values = Record<string, unknown>;

/** The form dialog's options beyond what the page's endpoints and entity already say. */
export type CrudFormOptions<E extends CrudEndpoints> = Pick<
  FormDialogProps<Endpoint, Endpoint, Endpoint>,
  'createVerb' | 'toBody' | 'labelWidth' | 'width' | 'onSaved'
> & {
  /** A new row's values, or a function of the list's search (a new item of the dictionary searched for). */
  initialValues?: Values | ((filter: ListQuery) => Values);
  /** The form's name, which prefixes its fields' ids. */
  name: string;
  /** The loaded row → form values (default: as it is). */
  toForm?: (row: NonNullable<EndpointData<NonNullable<E['get']>>>) => Values;
  /** The title's entity where it differs from the delete question's (' OAuth2 客户端'). */
  entity?: string;
  /** Said when the row was deleted meanwhile: the dialog closes and the list reloads. */
  missing?: string;
};

/** The domain's parts of the 操作 column; 修改 and 删除 come from the endpoints. */
export type CrudRowActions<T> = Pick<
  EditDeleteColumnOptions<T>,
  | 'first'
  | 'between'
  | 'more'
  | 'moreVisible'
  | 'width'
  | 'wrap'
  | 'shownId'
  | 'question'
  | 'onDeleted'
  | 'disabled'
>;

export interface CrudPageOptions<E extends CrudEndpoints> extends Pick<
  ListPageProps<Row<E>>,
  'header' | 'emptyText' | 'scrollX' | 'rowKey' | 'table' | 'className'
> {
  endpoints: E;
  /** '岗位': the dialog titles, the delete question, the export's file. */
  entity: string;
  search?: readonly SearchField[];
  /** The list's other options (search defaults, fixed parameters, polling, staleness). */
  listOptions?: Omit<ListPageOptions<Row<E>>, 'search'>;
  /** The columns before 操作. */
  columns: TableColumnsType<Row<E>>;
  /** The form dialog of 修改 (and 新增 when the endpoints have create), shown when they have get and update. */
  form?: CrudFormOptions<E>;
  fields?: FormDialogProps<Endpoint, Endpoint, Endpoint>['children'];
  rowActions?: CrudRowActions<Row<E>>;
  /**
   * A 详细 action instead of 修改 / 删除, showing the row read-only; with a get endpoint, the row as it
   * is now (a queued mail is sent meanwhile). `action` words it otherwise (the notify pages' 详情).
   */
  detail?: Omit<DetailDialogProps<Row<E>>, 'control'> & {
    action?: { label?: string; icon?: ReactNode; visible?: boolean; width?: number };
  };
  /** The export's confirm entity and file name where they are not the entity's ('{entity}数据.xlsx'). */
  exportAs?: { entity?: string; fileName?: string };
  /** The page's own buttons after 新增 and 导出. */
  toolbar?: ReactNode;
  /** The page's own dialogs (a test send…). */
  dialogs?: ReactNode;
}

type Identified<E extends CrudEndpoints> = Row<E> & { id: number | string };

/**
 * A plain entity's management page: the list with its search, 新增 / 导出 and the page's own buttons, the
 * 操作 column (修改 / 删除 as the endpoints allow with the domain's actions, or 详细), and the dialogs.
 * A hook that returns the page, so that the page's component is its options: `return useCrudPage({…})`,
 * the row type inferred from the page endpoint.
 */
export function useCrudPage<E extends CrudEndpoints>({
  endpoints,
  entity,
  search,
  listOptions,
  columns,
  form,
  fields,
  rowActions,
  detail,
  exportAs = {},
  toolbar,
  dialogs,
  ...listProps
}: CrudPageOptions<E>): ReactElement {
  const { message } = App.useApp();
  const list = useListPage(endpoints.page, { ...listOptions, search }) as ListPageApi<Row<E>>;
  const dialog = useFormDialog();
  const details = useDetailDialog<Row<E>>();
  const { get, create, update } = endpoints;
  const editColumn = useEditDeleteColumn<Identified<E>>({
    dialog,
    update,
    remove: endpoints.delete,
    entity,
    ...(rowActions as CrudRowActions<Identified<E>> | undefined),
  }) as TableColumnsType<Row<E>>;
  const openDetail = async (row: Identified<E>) =>
    details.open((get && ((await request(get, { query: { id: row.id } as never })) as Row<E> | null)) || row);
  const { label, icon, visible, width = 90 } = detail?.action ?? {};
  const actions = detail
    ? (actionColumn<Identified<E>>(
        (row) => [detailAction(() => void openDetail(row), { label, icon, visible })],
        { visible, width },
      ) as TableColumnsType<Row<E>>)
    : editColumn;

  const dialogOf = (options: CrudFormOptions<E>, g: Endpoint, c: Endpoint | undefined, u: Endpoint) => {
    const { missing, initialValues, toForm = (row: unknown) => row as Values } = options;
    return (
      <FormDialog
        {...options}
        initialValues={typeof initialValues === 'function' ? initialValues(list.filter) : initialValues}
        control={dialog}
        entity={options.entity ?? entity}
        get={g}
        create={c}
        update={u}
        toForm={(row) => {
          if (row) return toForm(row as never);
          if (!missing) return {};
          // Deleted meanwhile: say so, close the dialog and show the list as it is now.
          void message.error(missing);
          list.refresh();
          throw new Error(missing);
        }}
      >
        {fields}
      </FormDialog>
    );
  };

  return (
    <ListPage<Row<E>>
      {...listProps}
      list={list}
      columns={[...columns, ...actions]}
      actions={
        <>
          {form && create && <CreateButton endpoint={create} onClick={dialog.openCreate} />}
          {endpoints.export && (
            <ExportButton
              endpoint={endpoints.export}
              query={list.filter}
              entity={exportAs.entity ?? entity}
              fileName={exportAs.fileName}
            />
          )}
          {toolbar}
        </>
      }
    >
      {form && get && update && dialogOf(form, get, create, update)}
      {detail && <DetailDialog {...detail} control={details} />}
      {dialogs}
    </ListPage>
  );
}
