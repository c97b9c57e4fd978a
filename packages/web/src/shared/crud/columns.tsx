import type { Endpoint } from '@app/contract';
import type { TableColumnType, TableColumnsType } from 'antd';
import { formatDateTime } from '../date/format';
import type { DictValue } from '../dict';
import { DictTag } from '../ui/dict-tag';
import { deleteAction, updateAction } from '../ui/row-actions';
import type { RowAction } from '../ui/row-actions';
import { actionColumn, useDeleteAction } from './actions';
import type { FormDialogControl } from './form-dialog';
import { useCan } from './use-can';
import { Thumbnail } from '../ui/thumbnail';

type Options<T> = Omit<TableColumnType<T>, 'title' | 'dataIndex' | 'render'>;

/** A centred text column that cuts long values with an ellipsis (`ellipsis: false` keeps them whole). */
export const textColumn = <T,>(
  title: string,
  dataIndex: keyof T & string,
  options: Omit<TableColumnType<T>, 'title' | 'dataIndex'> = {},
): TableColumnType<T> => ({ title, dataIndex, ellipsis: true, align: 'center', ...options });

/** The row's number, `id`, 90 px. */
export const idColumn = <T,>(title: string, options: Options<T> = {}): TableColumnType<T> => ({
  title,
  dataIndex: 'id',
  width: 90,
  align: 'center',
  ...options,
});

/** A column shown as the dictionary's tag, centred, 90 px unless told otherwise. */
export const dictColumn = <T,>(
  title: string,
  dataIndex: keyof T & string,
  dictType: string,
  options: Options<T> = {},
): TableColumnType<T> => ({
  title,
  dataIndex,
  width: 90,
  align: 'center',
  render: (value: DictValue) => <DictTag type={dictType} value={value} />,
  ...options,
});

/** A picture column: a 48 px thumbnail that opens the full picture, named after the row by `alt`. */
export const imageColumn = <T,>(
  title: string,
  dataIndex: keyof T & string,
  alt: (row: T) => string,
  options: Options<T> = {},
): TableColumnType<T> => ({
  title,
  dataIndex,
  width: 90,
  align: 'center',
  render: (url: string | null, row: T) => url && <Thumbnail src={url} alt={alt(row)} />,
  ...options,
});

/** A date-time column (`yyyy-MM-dd HH:mm:ss`), by default 创建时间 of `createTime`. */
export const dateTimeColumn = <T,>(
  title = '创建时间',
  dataIndex: keyof T & string = 'createTime' as keyof T & string,
  options: Options<T> = {},
): TableColumnType<T> => ({
  title,
  dataIndex,
  width: 170,
  align: 'center',
  render: (value: number | null) => formatDateTime(value),
  ...options,
});

export interface EditDeleteColumnOptions<T> {
  /** 修改 opens this dialog on the row. */
  dialog: FormDialogControl;
  /** Without it (or the permission) no 修改; likewise `remove` and 删除. */
  update?: Endpoint;
  remove?: Endpoint;
  /** '岗位' → '是否确认删除岗位编号为"7"的数据项?'. */
  entity: string;
  /** The id the delete question names, when not the row's id (e.g. the OAuth2 client's clientId). */
  shownId?: (row: T) => number | string;
  /** The delete question where the reference words it otherwise ('是否确认删除字典编码为"7"的数据项?'). */
  question?: (row: T) => string;
  /** After a delete, beside the list's reload (the dictionary pages reload the dictionaries). */
  onDeleted?: () => Promise<unknown> | void;
  /** Rows whose 修改 and 删除 show greyed out (e.g. the system tenant). */
  disabled?: (row: T) => boolean;
  /** Domain actions before 修改 (短信模板's 测试). */
  first?: (row: T) => RowAction[];
  /** Domain actions between 修改 and 删除 (the mail and in-site templates' 测试, 角色's 菜单权限). */
  between?: (row: T) => RowAction[];
  /** Domain actions after 删除 (用户's 重置密码). Each of `first`, `between`, `more` has its own `visible`. */
  more?: (row: T) => RowAction[];
  /** Whether any domain action can ever show (keeps the column for them when 修改 and 删除 cannot). */
  moreVisible?: boolean;
  width?: number;
  wrap?: boolean;
  fixed?: 'left' | 'right';
}

/** The 操作 column of most lists: 修改 and 删除 by the endpoints' own permissions, and the domain's actions. */
export function useEditDeleteColumn<T extends { id: number | string }>({
  dialog,
  update,
  remove,
  entity,
  shownId,
  question,
  onDeleted,
  disabled,
  first,
  between,
  more,
  moreVisible = false,
  width,
  wrap,
  fixed,
}: EditDeleteColumnOptions<T>): TableColumnsType<T> {
  const canUpdate = useCan(update);
  const canDelete = useCan(remove);
  const onDelete = useDeleteAction(remove, entity, onDeleted);
  return actionColumn<T>(
    (row) => {
      const off = disabled?.(row) ?? false;
      return [
        ...(first?.(row) ?? []),
        updateAction(() => dialog.openUpdate(row.id), { visible: canUpdate, disabled: off }),
        ...(between?.(row) ?? []),
        deleteAction(() => onDelete(row.id, shownId?.(row), question?.(row)), {
          visible: canDelete,
          disabled: off,
        }),
        ...(more?.(row) ?? []),
      ];
    },
    { visible: canUpdate || canDelete || moreVisible, width, wrap, fixed },
  );
}
