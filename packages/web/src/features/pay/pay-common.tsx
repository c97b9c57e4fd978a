import { DICT_TYPE, payAppList } from '@app/contract';
import type { Endpoint, EndpointData, EndpointQuery } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { SelectProps, TableColumnType } from 'antd';
import { queryKey, useDetailDialog } from '../../shared/crud';
import type { QueryValue, SearchField } from '../../shared/crud';
import { request } from '../../shared/request';
import { formatFen } from '../../shared/ui/money';

/* What the order, refund and notify lists share: the app filter, the stacked order numbers and the channel's raw callback. */

/** The apps to filter by (every list of the pay menu offers them). */
function PayAppSelect(props: SelectProps) {
  const apps = useQuery({ queryKey: queryKey(payAppList), queryFn: () => request(payAppList) });
  return (
    <Select
      {...props}
      allowClear
      placeholder="请选择应用信息"
      style={{ width: 200 }}
      options={(apps.data ?? []).map((app) => ({ value: app.id, label: app.name }))}
    />
  );
}

const first = (value: QueryValue) => (typeof value === 'string' ? value : (value[0] ?? ''));

/** 应用编号 of a search form: the app chosen by name, sent as its id. */
export const PAY_APP_FIELD: SearchField = {
  kind: 'custom',
  name: 'appId',
  label: '应用编号',
  render: () => <PayAppSelect />,
  toQuery: (value) => String(value),
  fromQuery: (value) => Number(first(value)),
};

/** The 支付渠道 filter of the order and refund lists. */
export const PAY_CHANNEL_FIELD: SearchField = {
  kind: 'dict',
  name: 'channelCode',
  label: '支付渠道',
  dictType: DICT_TYPE.PAY_CHANNEL_CODE,
  valueType: 'string',
};

/** An id typed in a search form (关联编号): digits only. */
export const DIGITS_ONLY = [{ pattern: /^\s*\d*\s*$/, message: '请输入数字编号' }];

/** An amount in fen, shown in yuan ('¥12.30'). */
export const moneyColumn = <T,>(title: string, dataIndex: keyof T & string): TableColumnType<T> => ({
  title,
  dataIndex,
  width: 100,
  align: 'center',
  render: (fen: number | null) => formatFen(fen),
});

const LINES_STYLE = { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 } as const;

/** A cell of labelled numbers, one a line ('商户：M1', '支付：P1'); a line without a number is left out. */
export function NumberLines({
  lines,
}: {
  lines: readonly (readonly [label: string, value: string | null])[];
}) {
  return (
    <div style={LINES_STYLE}>
      {lines.map(([label, value]) =>
        value ? (
          <span key={label}>
            {label}：{value}
          </span>
        ) : null,
      )}
    </div>
  );
}

/** A detail dialog of a row as its detail endpoint answers it now (`show(id)` loads, then opens it). */
export function useLoadedDetail<E extends Endpoint>(endpoint: E) {
  const control = useDetailDialog<EndpointData<E>>();
  const show = (id: number) =>
    void request(endpoint, { query: { id } as EndpointQuery<E> })
      .then(control.open)
      .catch(() => undefined);
  return { control, show };
}
