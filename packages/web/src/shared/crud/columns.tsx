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

type Options<T> = Omit<TableColumnType<T>, 'title' | 'dataIndex' | 'render'>;

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
  update: Endpoint;
  remove: Endpoint;
  /** '岗位' → '是否确认删除岗位编号为"7"的数据项?'. */
  entity: string;
  /** Domain actions after 修改 and 删除, each with its own `visible`. */
  more?: (row: T) => RowAction[];
  /** Whether any of `more` can ever show (keeps the column for them when 修改 and 删除 cannot). */
  moreVisible?: boolean;
  width?: number;
  wrap?: boolean;
}

/** The 操作 column of most lists: 修改 and 删除 by the endpoints' own permissions, then `more`. */
export function useEditDeleteColumn<T extends { id: number | string }>({
  dialog,
  update,
  remove,
  entity,
  more,
  moreVisible = false,
  width,
  wrap,
}: EditDeleteColumnOptions<T>): TableColumnsType<T> {
  const canUpdate = useCan(update);
  const canDelete = useCan(remove);
  const onDelete = useDeleteAction(remove, entity);
  return actionColumn<T>(
    (row) => [
      updateAction(() => dialog.openUpdate(row.id), { visible: canUpdate }),
      deleteAction(() => onDelete(row.id), { visible: canDelete }),
      ...(more?.(row) ?? []),
    ],
    { visible: canUpdate || canDelete || moreVisible, width, wrap },
  );
}
