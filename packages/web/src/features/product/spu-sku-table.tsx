import { DeleteOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_PRICE_FEN, MAX_STOCK } from '@app/contract';
import { Button, Input, InputNumber, Pagination, Space, Table, Upload } from 'antd';
import type { TableColumnType, TableColumnsType } from 'antd';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { uploadFile } from '../../shared/request/upload-file';
import { EMPTY_SKU, SKU_DISABLED, SKU_ENABLED, skuRowErrors } from './sku-matrix';
import type { ChosenProperty, SkuErrors, SkuField, SkuFields, SkuProperty, SkuRow } from './sku-matrix';

/*
 * The SKU table: one read-only column per property, the inputs of each SKU, and for a multi-spec the
 * 批量设置 row and the 禁用 / 启用 action. The table itself renders the rows' structure (keys, values,
 * enabled or not); the cells read their row's fields from a store, so typing re-renders the cells of one
 * row and never the table (bench/product.ts times typing into 125 SKUs).
 */

/** SKUs shown at a time; more are paged. */
const SKU_PAGE_SIZE = 50;

/** The key of the 批量设置 row (SKU keys are '' or `propertyId:valueId` pairs). */
export const BULK_KEY = 'bulk';

export type CellChange = <F extends SkuField>(key: string, field: F, value: SkuFields[F]) => void;

/** A row of the table: what stays while the user types. */
interface SkuRecord {
  key: string;
  bulk: boolean;
  /** How the row's inputs are named: its values ('红,S'), '批量设置', or '' for the single SKU. */
  name: string;
  properties: readonly SkuProperty[];
  disabled: boolean;
}

/** What the cells of a row show. */
interface RowValues {
  fields: SkuFields;
  errors: SkuErrors;
}

const NO_ERRORS: SkuErrors = {};
const BLANK: RowValues = { fields: EMPTY_SKU, errors: NO_ERRORS };

// One values object per row object (and errors shown or not): a row left alone keeps it, so its cells
// are not told to render. Rows are replaced, never changed, so a cached object never goes stale.
const VALUES = { shown: new WeakMap<SkuRow, RowValues>(), hidden: new WeakMap<SkuRow, RowValues>() };

function valuesOf(row: SkuRow, showErrors: boolean): RowValues {
  const cache = showErrors ? VALUES.shown : VALUES.hidden;
  const known = cache.get(row);
  if (known) return known;
  const values = { fields: row, errors: showErrors ? skuRowErrors(row) : NO_ERRORS };
  cache.set(row, values);
  return values;
}

/** The rows' values by key; a cell subscribes to its row and renders when that row's values change. */
function createRowStore() {
  let staged = new Map<string, RowValues>();
  let published = staged;
  const listeners = new Map<string, Set<() => void>>();
  return {
    get: (key: string): RowValues => staged.get(key) ?? BLANK,
    subscribe(key: string, listener: () => void) {
      const set = listeners.get(key) ?? listeners.set(key, new Set()).get(key)!;
      set.add(listener);
      return () => void set.delete(listener);
    },
    /** The values this render shows (read by the cells rendered now). */
    stage: (values: Map<string, RowValues>) => void (staged = values),
    /** Tells the cells whose row changed since the last call. */
    publish() {
      const previous = published;
      published = staged;
      for (const [key, values] of staged)
        if (previous.get(key) !== values) listeners.get(key)?.forEach((listener) => listener());
    },
  };
}
type RowStore = ReturnType<typeof createRowStore>;

function useRow(store: RowStore, key: string): RowValues {
  const subscribe = useCallback((listener: () => void) => store.subscribe(key, listener), [store, key]);
  return useSyncExternalStore(subscribe, () => store.get(key));
}

type NumberField = 'marketPrice' | 'price' | 'costPrice' | 'stock' | 'warnStock' | 'volume' | 'weight';

const NUMBER_COLUMNS: readonly {
  field: NumberField;
  title: string;
  label: string;
  required?: boolean;
  precision: number;
  max: number;
  width: number;
}[] = [
  {
    field: 'marketPrice',
    title: '市场价(元)',
    label: '市场价',
    required: true,
    precision: 2,
    max: MAX_PRICE_FEN / 100,
    width: 120,
  },
  {
    field: 'price',
    title: '销售价(元)',
    label: '销售价',
    required: true,
    precision: 2,
    max: MAX_PRICE_FEN / 100,
    width: 120,
  },
  {
    field: 'costPrice',
    title: '成本价',
    label: '成本价',
    required: true,
    precision: 2,
    max: MAX_PRICE_FEN / 100,
    width: 120,
  },
  { field: 'stock', title: '库存', label: '库存', required: true, precision: 0, max: MAX_STOCK, width: 110 },
  { field: 'warnStock', title: '预警库存', label: '预警库存', precision: 0, max: MAX_STOCK, width: 110 },
  { field: 'volume', title: '体积', label: '体积', precision: 2, max: 1_000_000, width: 100 },
  { field: 'weight', title: '重量', label: '重量', precision: 2, max: 1_000_000, width: 100 },
];

const labelOf = (label: string, record: SkuRecord) => (record.name ? `${label} ${record.name}` : label);

function ErrorText({ error }: { error: string | undefined }) {
  return error ? <div className="spu-sku-error">{error}</div> : null;
}

/** 规格图片: a small square that uploads on click; blank means the SPU's first picture. */
const SkuPicture = memo(function SkuPicture({
  value,
  onChange,
  label,
}: {
  value: string | null;
  onChange: (url: string | null) => void;
  label: string;
}) {
  const [uploading, setUploading] = useState(false);
  return (
    <Space size={4}>
      <Upload
        accept="image/png,image/jpeg,image/gif,image/webp"
        showUploadList={false}
        beforeUpload={(file) => {
          setUploading(true);
          uploadFile(file, file.name)
            .then(onChange)
            .catch(() => {
              // The request layer has said why.
            })
            .finally(() => setUploading(false));
          return false;
        }}
      >
        <span className="spu-sku-picture" role="button" tabIndex={0} aria-label={label}>
          {uploading ? <LoadingOutlined /> : value ? <img src={value} alt="" /> : <PlusOutlined />}
        </span>
      </Upload>
      {value && (
        <Button
          type="text"
          size="small"
          icon={<DeleteOutlined />}
          aria-label={`删除${label}`}
          onClick={() => onChange(null)}
        />
      )}
    </Space>
  );
});

/** A number input of a row (a price, stock, volume or weight). */
const NumberCell = memo(function NumberCell({
  store,
  record,
  column,
  onChange,
}: {
  store: RowStore;
  record: SkuRecord;
  column: (typeof NUMBER_COLUMNS)[number];
  onChange: CellChange;
}) {
  const { fields, errors } = useRow(store, record.key);
  const { field } = column;
  return (
    <>
      <InputNumber<number>
        value={fields[field]}
        onChange={(value) => onChange(record.key, field, value ?? null)}
        min={0}
        max={column.max}
        precision={column.precision}
        aria-label={labelOf(column.label, record)}
        status={errors[field] ? 'error' : undefined}
        style={{ width: '100%' }}
      />
      <ErrorText error={errors[field]} />
    </>
  );
});

const PictureCell = memo(function PictureCell({
  store,
  record,
  onChange,
}: {
  store: RowStore;
  record: SkuRecord;
  onChange: CellChange;
}) {
  const { fields } = useRow(store, record.key);
  return (
    <SkuPicture
      value={fields.picUrl}
      onChange={(url) => onChange(record.key, 'picUrl', url)}
      label={labelOf('规格图片', record)}
    />
  );
});

const BarCodeCell = memo(function BarCodeCell({
  store,
  record,
  onChange,
}: {
  store: RowStore;
  record: SkuRecord;
  onChange: CellChange;
}) {
  const { fields } = useRow(store, record.key);
  return (
    <Input
      value={fields.barCode ?? ''}
      onChange={(event) => onChange(record.key, 'barCode', event.target.value || null)}
      maxLength={64}
      aria-label={labelOf('条码', record)}
    />
  );
});

interface SkuTableProps {
  rows: readonly SkuRow[];
  /** The properties with chosen values: one column each (none for a single spec). */
  properties: readonly ChosenProperty[];
  multi: boolean;
  /** The 批量设置 row's values (multi-spec only). */
  bulk: Partial<SkuFields>;
  showErrors: boolean;
  onChange: CellChange;
  /** 批量填充: the bulk row's values into every SKU. */
  onFill: () => void;
}

const rowClassName = (record: SkuRecord) =>
  record.bulk ? 'spu-sku-bulk' : record.disabled ? 'spu-sku-disabled' : '';
const EMPTY_TEXT = { emptyText: '请添加规格项目并选择规格值' };

export const SkuTable = memo(function SkuTable({
  rows,
  properties,
  multi,
  bulk,
  showErrors,
  onChange,
  onFill,
}: SkuTableProps) {
  const [store] = useState(createRowStore);
  const withBulk = multi && rows.length > 0;
  const bulkValues = useMemo(() => ({ fields: { ...EMPTY_SKU, ...bulk }, errors: NO_ERRORS }), [bulk]);
  const values = useMemo(() => {
    const byKey = new Map(rows.map((row) => [row.key, valuesOf(row, showErrors)]));
    if (withBulk) byKey.set(BULK_KEY, bulkValues);
    return byKey;
  }, [rows, withBulk, bulkValues, showErrors]);
  store.stage(values);
  useLayoutEffect(() => store.publish(), [store, values]);

  // The structure changes with the rows' keys and their 启用 / 禁用, not with what is typed.
  const shape = rows.map((row) => `${row.key}/${row.status}`).join('|');
  // A long table shows a page of SKUs (under the 批量设置 row, which acts on all of them): a keystroke
  // then lays out and paints a page, not every SKU (bench/product.ts types into 125).
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(rows.length / SKU_PAGE_SIZE));
  const shownPage = Math.min(page, pages);
  // Asked to show the problems: the page of the first SKU with one (once, as they are first shown).
  const [errorsShown, setErrorsShown] = useState(showErrors);
  if (showErrors !== errorsShown) {
    setErrorsShown(showErrors);
    const first = showErrors
      ? rows.findIndex((row) => Object.keys(valuesOf(row, true).errors).length > 0)
      : -1;
    if (first >= 0) setPage(Math.floor(first / SKU_PAGE_SIZE) + 1);
  }
  const records = useMemo((): SkuRecord[] => {
    const skus = rows.slice((shownPage - 1) * SKU_PAGE_SIZE, shownPage * SKU_PAGE_SIZE).map((row) => ({
      key: row.key,
      bulk: false,
      name: row.properties.map((p) => p.valueName).join(','),
      properties: row.properties,
      disabled: row.status === SKU_DISABLED,
    }));
    return withBulk
      ? [{ key: BULK_KEY, bulk: true, name: '批量设置', properties: [], disabled: false }, ...skus]
      : skus;
    // `rows` is read for its shape only: typing changes the rows, not the shape.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shape, withBulk, shownPage]);

  // 批量填充 runs the latest fill: the columns stay the same while the bulk row is typed into.
  const fill = useRef(onFill);
  useLayoutEffect(() => {
    fill.current = onFill;
  }, [onFill]);

  const columns = useMemo((): TableColumnsType<SkuRecord> => {
    const cell = (column: TableColumnType<SkuRecord>): TableColumnType<SkuRecord> => ({
      align: 'center',
      ...column,
    });
    const propertyColumns = properties.map((property, index) =>
      cell({
        title: property.name,
        key: `property-${property.propertyId}`,
        width: 100,
        fixed: 'left',
        onCell: (record) => (record.bulk ? { colSpan: index === 0 ? properties.length : 0 } : {}),
        render: (_: unknown, record) => (record.bulk ? '批量设置' : record.properties[index]?.valueName),
      }),
    );
    const numberColumns = NUMBER_COLUMNS.map((column) =>
      cell({
        title: column.required ? <span className="spu-sku-required">{column.title}</span> : column.title,
        key: column.field,
        width: column.width,
        render: (_: unknown, record) => (
          <NumberCell store={store} record={record} column={column} onChange={onChange} />
        ),
      }),
    );
    return [
      ...propertyColumns,
      cell({
        title: '规格图片',
        key: 'picUrl',
        width: 100,
        render: (_: unknown, record) => <PictureCell store={store} record={record} onChange={onChange} />,
      }),
      ...numberColumns,
      cell({
        title: '条码',
        key: 'barCode',
        width: 150,
        render: (_: unknown, record) => <BarCodeCell store={store} record={record} onChange={onChange} />,
      }),
      ...(multi
        ? [
            cell({
              title: '操作',
              key: 'actions',
              width: 100,
              fixed: 'right',
              render: (_: unknown, record) =>
                record.bulk ? (
                  <Button type="link" size="small" onClick={() => fill.current()}>
                    批量填充
                  </Button>
                ) : (
                  <Button
                    type="link"
                    size="small"
                    danger={!record.disabled}
                    aria-label={`${record.disabled ? '启用' : '禁用'} ${record.name}`}
                    onClick={() =>
                      onChange(record.key, 'status', record.disabled ? SKU_ENABLED : SKU_DISABLED)
                    }
                  >
                    {record.disabled ? '启用' : '禁用'}
                  </Button>
                ),
            }),
          ]
        : []),
    ];
  }, [properties, multi, onChange, store]);

  const width = columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0);
  return (
    <>
      <SkuGrid records={records} columns={columns} width={width} />
      {pages > 1 && (
        <Pagination
          className="spu-sku-pagination"
          size="small"
          current={shownPage}
          pageSize={SKU_PAGE_SIZE}
          total={rows.length}
          showSizeChanger={false}
          showTotal={(total) => `共 ${total} 个 SKU`}
          onChange={setPage}
        />
      )}
    </>
  );
});

/** The antd table, rendered again only when its rows' structure or its columns change. */
const SkuGrid = memo(function SkuGrid({
  records,
  columns,
  width,
}: {
  records: SkuRecord[];
  columns: TableColumnsType<SkuRecord>;
  /** The columns' widths added up. */
  width: number;
}) {
  return (
    <Table<SkuRecord>
      className="spu-sku-table"
      size="small"
      bordered
      rowKey="key"
      pagination={false}
      columns={columns}
      dataSource={records}
      // Fixed column widths: a typed value lays out its cell, not the whole table again.
      tableLayout="fixed"
      scroll={{ x: width }}
      rowClassName={rowClassName}
      locale={EMPTY_TEXT}
      aria-label="商品 SKU"
    />
  );
});
