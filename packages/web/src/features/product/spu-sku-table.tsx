import { DeleteOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_PRICE_FEN, MAX_STOCK } from '@app/contract';
import { Button, Input, InputNumber, Space, Table, Upload } from 'antd';
import type { TableColumnType, TableColumnsType } from 'antd';
import { memo, useMemo, useState } from 'react';
import { uploadFile } from '../../shared/request';
import { EMPTY_SKU, SKU_DISABLED, SKU_ENABLED, skuRowErrors } from './sku-matrix';
import type { ChosenProperty, SkuErrors, SkuField, SkuFields, SkuProperty, SkuRow } from './sku-matrix';

/*
 * The SKU table: one read-only column per property, the inputs of each SKU, and for a multi-spec the
 * 批量设置 row and the 禁用 / 启用 action. Typing re-renders the cells of one row only: records keep
 * their identity while their row does, and every cell updates only when its record changed.
 */

/** The key of the 批量设置 row (SKU keys are '' or `propertyId:valueId` pairs). */
export const BULK_KEY = 'bulk';

export type CellChange = <F extends SkuField>(key: string, field: F, value: SkuFields[F]) => void;

interface SkuRecord {
  key: string;
  bulk: boolean;
  /** How the row's inputs are named: its values ('红,S'), '批量设置', or '' for the single SKU. */
  name: string;
  fields: SkuFields;
  properties: readonly SkuProperty[];
  errors: SkuErrors;
}

const NO_ERRORS: SkuErrors = {};

// One record per row object (and errors shown or not): a row left alone keeps its record, so its cells
// skip rendering. Rows are replaced, never changed, so a record never goes stale.
const RECORDS = { shown: new WeakMap<SkuRow, SkuRecord>(), hidden: new WeakMap<SkuRow, SkuRecord>() };

function recordOf(row: SkuRow, showErrors: boolean): SkuRecord {
  const cache = showErrors ? RECORDS.shown : RECORDS.hidden;
  const known = cache.get(row);
  if (known) return known;
  const record: SkuRecord = {
    key: row.key,
    bulk: false,
    name: row.properties.map((p) => p.valueName).join(','),
    fields: row,
    properties: row.properties,
    errors: showErrors ? skuRowErrors(row) : NO_ERRORS,
  };
  cache.set(row, record);
  return record;
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

export const SkuTable = memo(function SkuTable({
  rows,
  properties,
  multi,
  bulk,
  showErrors,
  onChange,
  onFill,
}: SkuTableProps) {
  const records = useMemo(() => {
    const skus = rows.map((row) => recordOf(row, showErrors));
    if (!multi || rows.length === 0) return skus;
    const bulkRecord: SkuRecord = {
      key: BULK_KEY,
      bulk: true,
      name: '批量设置',
      fields: { ...EMPTY_SKU, ...bulk },
      properties: [],
      errors: NO_ERRORS,
    };
    return [bulkRecord, ...skus];
  }, [rows, multi, bulk, showErrors]);

  const columns = useMemo((): TableColumnsType<SkuRecord> => {
    const cell = (column: TableColumnType<SkuRecord>): TableColumnType<SkuRecord> => ({
      align: 'center',
      shouldCellUpdate: (record, previous) => record !== previous,
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
    const numberColumns = NUMBER_COLUMNS.map(({ field, title, label, required, precision, max, width }) =>
      cell({
        title: required ? <span className="spu-sku-required">{title}</span> : title,
        key: field,
        width,
        render: (_: unknown, record) => (
          <>
            <InputNumber<number>
              value={record.fields[field]}
              onChange={(value) => onChange(record.key, field, value ?? null)}
              min={0}
              max={max}
              precision={precision}
              aria-label={labelOf(label, record)}
              status={record.errors[field] ? 'error' : undefined}
              style={{ width: '100%' }}
            />
            <ErrorText error={record.errors[field]} />
          </>
        ),
      }),
    );
    return [
      ...propertyColumns,
      cell({
        title: '规格图片',
        key: 'picUrl',
        width: 100,
        render: (_: unknown, record) => (
          <SkuPicture
            value={record.fields.picUrl}
            onChange={(url) => onChange(record.key, 'picUrl', url)}
            label={labelOf('规格图片', record)}
          />
        ),
      }),
      ...numberColumns,
      cell({
        title: '条码',
        key: 'barCode',
        width: 150,
        render: (_: unknown, record) => (
          <Input
            value={record.fields.barCode ?? ''}
            onChange={(event) => onChange(record.key, 'barCode', event.target.value || null)}
            maxLength={64}
            aria-label={labelOf('条码', record)}
          />
        ),
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
                  <Button type="link" size="small" onClick={onFill}>
                    批量填充
                  </Button>
                ) : (
                  <Button
                    type="link"
                    size="small"
                    danger={record.fields.status === SKU_ENABLED}
                    aria-label={`${record.fields.status === SKU_ENABLED ? '禁用' : '启用'} ${record.name}`}
                    onClick={() =>
                      onChange(
                        record.key,
                        'status',
                        record.fields.status === SKU_ENABLED ? SKU_DISABLED : SKU_ENABLED,
                      )
                    }
                  >
                    {record.fields.status === SKU_ENABLED ? '禁用' : '启用'}
                  </Button>
                ),
            }),
          ]
        : []),
    ];
  }, [properties, multi, onChange, onFill]);

  return (
    <Table<SkuRecord>
      className="spu-sku-table"
      size="small"
      bordered
      rowKey="key"
      pagination={false}
      columns={columns}
      dataSource={records}
      scroll={{ x: 'max-content' }}
      rowClassName={(record) =>
        record.bulk ? 'spu-sku-bulk' : record.fields.status === SKU_DISABLED ? 'spu-sku-disabled' : ''
      }
      locale={{ emptyText: '请添加规格项目并选择规格值' }}
      aria-label="商品 SKU"
    />
  );
});
