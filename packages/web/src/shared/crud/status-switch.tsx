import { DICT_TYPE } from '@app/contract';
import type { Endpoint } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Switch } from 'antd';
import type { TableColumnType } from 'antd';
import { DictTag } from '../ui/dict-tag';
import { confirmAction } from './confirm';
import { invalidateEndpoints } from './query-key';
import { useCan } from './use-can';

/** The reference's common status: 0 on, 1 off. */
export type CommonStatus = 0 | 1;

export interface StatusSwitchProps {
  status: number;
  /** The switch's accessible name, e.g. '张三的状态'. */
  label: string;
  /** The confirmation for a word of `words`, e.g. (word) => `确认要"${word}""张三"用户吗?`. */
  confirm: (word: string) => string;
  /** Saves the new status. */
  save: (status: CommonStatus) => Promise<unknown>;
  /** The endpoint whose resource's reads refresh after saving (usually the page endpoint). */
  refresh: Pick<Endpoint, 'path'>;
  /** The words for on and off, in the confirmation and in '开启成功'. */
  words?: readonly [string, string];
  disabled?: boolean;
  size?: 'small' | 'default';
}

/**
 * A row's 状态 switch: confirms with the 系统提示 dialog, saves, says '开启成功' / '关闭成功' and refreshes
 * the list. A failure has been shown by the request layer; the confirmation then closes.
 */
export function StatusSwitch({
  status,
  label,
  confirm,
  save,
  refresh,
  words = ['开启', '关闭'],
  disabled,
  size,
}: StatusSwitchProps) {
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const onChange = (on: boolean) => {
    const word = on ? words[0] : words[1];
    confirmAction(modal.confirm, confirm(word), () =>
      save(on ? 0 : 1)
        .then(() => {
          void message.success(`${word}成功`);
          return invalidateEndpoints(client, refresh);
        })
        .catch(() => undefined),
    );
  };
  return (
    <Switch checked={status === 0} aria-label={label} disabled={disabled} size={size} onChange={onChange} />
  );
}

interface Statused {
  status: number;
}

export interface StatusColumnOptions<T> extends Pick<StatusSwitchProps, 'refresh' | 'words' | 'size'> {
  title?: string;
  width?: number;
  /** The endpoint that saves it: without its permission the switch is greyed out. */
  endpoint: Endpoint;
  save: (row: T, status: CommonStatus) => Promise<unknown>;
  /** The switch's accessible name. */
  label: (row: T) => string;
  confirm: (word: string, row: T) => string;
  /** Rows whose status never changes here (built-in roles). */
  locked?: (row: T) => boolean;
  /** Without the permission, the status as its dictionary tag instead of a greyed-out switch. */
  readOnlyTag?: boolean;
}

function RowStatus<T extends Statused>({
  row,
  endpoint,
  save,
  label,
  confirm,
  locked,
  readOnlyTag,
  ...switchProps
}: StatusColumnOptions<T> & { row: T }) {
  const can = useCan(endpoint);
  if (!can && readOnlyTag) return <DictTag type={DICT_TYPE.COMMON_STATUS} value={row.status} />;
  return (
    <StatusSwitch
      {...switchProps}
      status={row.status}
      label={label(row)}
      confirm={(word) => confirm(word, row)}
      save={(next) => save(row, next)}
      disabled={!can || locked?.(row)}
    />
  );
}

/** A row's 状态 column: the switch of `StatusSwitch`, enabled by the saving endpoint's permission. */
export const statusColumn = <T extends Statused>({
  title = '状态',
  width = 90,
  ...options
}: StatusColumnOptions<T>): TableColumnType<T> => ({
  title,
  dataIndex: 'status',
  width,
  align: 'center',
  render: (_: number, row: T) => <RowStatus<T> {...options} row={row} />,
});
