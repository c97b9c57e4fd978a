import { DatePicker, Form, Input, Select } from 'antd';
import type { FormItemProps, SelectProps } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { DATE_TIME_FORMAT, dayRange } from '../date/format';
import { useDictOptions } from '../dict';

/** A query parameter as it travels in the address and to the server. */
export type QueryValue = string | readonly string[];
export type ListQuery = Record<string, QueryValue>;

interface FieldBase {
  /** Form field and query parameter name. */
  name: string;
  label: string;
  placeholder?: string;
  width?: number;
  /** Checks before searching (e.g. a numeric id); a failing field blocks the search. */
  rules?: FormItemProps['rules'];
}

/**
 * One field of a list page's search form, as data: the kit renders it, turns its value into the
 * query the endpoint takes and back (so the list state can live in the address).
 */
export type SearchField =
  | (FieldBase & { kind: 'text' })
  | (FieldBase & { kind: 'dict'; dictType: string; valueType?: 'number' | 'string' })
  | (FieldBase & {
      kind: 'select';
      options: readonly { label: ReactNode; value: string | number }[];
    })
  | (FieldBase & { kind: 'dateRange' })
  | (FieldBase & {
      kind: 'custom';
      render: () => ReactNode;
      toQuery: (value: unknown) => QueryValue | undefined;
      fromQuery: (value: QueryValue) => unknown;
    });

type FormValues = Record<string, unknown>;

/** Form values → query parameters; empty values are left out. */
export function toQuery(fields: readonly SearchField[], values: FormValues): ListQuery {
  const query: ListQuery = {};
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined || value === null || value === '') continue;
    let encoded: QueryValue | undefined;
    switch (field.kind) {
      case 'text':
        encoded = String(value).trim() || undefined;
        break;
      case 'dict':
      case 'select':
        encoded = String(value);
        break;
      case 'dateRange':
        encoded = dayRange(value as [Dayjs | null, Dayjs | null]);
        break;
      case 'custom':
        encoded = field.toQuery(value);
        break;
    }
    if (encoded !== undefined && encoded.length > 0) query[field.name] = encoded;
  }
  return query;
}

/** Query parameters (from the address) → form values. */
export function toFormValues(fields: readonly SearchField[], query: ListQuery): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const raw = query[field.name];
    if (raw === undefined) continue;
    const one = typeof raw === 'string' ? raw : (raw[0] ?? '');
    switch (field.kind) {
      case 'text':
        values[field.name] = one;
        break;
      case 'dict':
        values[field.name] = field.valueType === 'string' ? one : Number(one);
        break;
      case 'select': {
        const option = field.options.find((candidate) => String(candidate.value) === one);
        values[field.name] = option ? option.value : one;
        break;
      }
      case 'dateRange':
        if (typeof raw !== 'string' && raw.length === 2)
          values[field.name] = raw.map((text) => dayjs(text, DATE_TIME_FORMAT));
        break;
      case 'custom':
        values[field.name] = field.fromQuery(raw);
        break;
    }
  }
  return values;
}

/** The dict's options in a select; the form item's value, onChange and id pass through. */
function DictSelect({ field, ...control }: { field: Extract<SearchField, { kind: 'dict' }> } & SelectProps) {
  const options = useDictOptions(field.dictType).map((d) => ({
    label: d.label,
    value: field.valueType === 'string' ? d.value : Number(d.value),
  }));
  return (
    <Select
      {...control}
      allowClear
      placeholder={field.placeholder ?? `请选择${field.label}`}
      style={{ width: field.width ?? 160 }}
      options={options}
    />
  );
}

function fieldInput(field: SearchField): ReactNode {
  switch (field.kind) {
    case 'text':
      return (
        <Input
          allowClear
          placeholder={field.placeholder ?? `请输入${field.label}`}
          style={{ width: field.width ?? 200 }}
        />
      );
    case 'dict':
      return <DictSelect field={field} />;
    case 'select':
      return (
        <Select
          allowClear
          placeholder={field.placeholder ?? `请选择${field.label}`}
          style={{ width: field.width ?? 160 }}
          options={[...field.options]}
        />
      );
    case 'dateRange':
      return (
        <DatePicker.RangePicker
          style={{ width: field.width ?? 240 }}
          placeholder={['开始日期', '结束日期']}
        />
      );
    case 'custom':
      return field.render();
  }
}

/** The form items of a search form. */
export function SearchFieldItems({ fields }: { fields: readonly SearchField[] }) {
  return fields.map((field) => (
    <Form.Item key={field.name} label={field.label} name={field.name} rules={field.rules}>
      {fieldInput(field)}
    </Form.Item>
  ));
}
