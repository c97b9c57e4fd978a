import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_SKU_PROPERTIES, MAX_SKUS_PER_SPU } from '@app/contract';
import type { ProductPropertyAndValues } from '@app/contract';
import { Button, Form, Select, Space } from 'antd';
import { memo, useCallback, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Ref } from 'react';
import { buildSkuRows, droppedRows, fillColumns, invalidSkuRows, updateSkuRow } from './sku-matrix';
import type { ChosenProperty, SkuFields, SkuRow, SpecValue } from './sku-matrix';
import { BULK_KEY, SkuTable } from './spu-sku-table';
import type { CellChange } from './spu-sku-table';

/*
 * 价格库存's specifications and SKUs. They live here, outside the antd form: typing in a large SKU
 * table re-renders this part only. The page reads them through `SkuEditorApi` when it saves.
 */

/** A 规格项目 block: the property picked (none yet: null) and the values ticked. */
interface SpecBlock {
  uid: number;
  propertyId: number | null;
  name: string;
  values: readonly SpecValue[];
}

export interface SkuEditorApi {
  /** Shows the problems and says whether there are none. */
  check: () => boolean;
  /** Whether multi-spec is on, and the SKU rows to send. */
  result: () => { multi: boolean; rows: readonly SkuRow[] };
}

export interface SkuEditorProps {
  ref: Ref<SkuEditorApi>;
  /** Every property with its values (get-value-list). */
  properties: readonly ProductPropertyAndValues[];
  /** The saved specifications and rows (editing), or none. */
  initial: { multi: boolean; chosen: readonly ChosenProperty[]; rows: readonly SkuRow[] };
  /** Called on every change the user makes (a stable function). */
  onDirty: () => void;
}

const toChosen = (blocks: readonly SpecBlock[]): ChosenProperty[] =>
  blocks.flatMap((block) =>
    block.propertyId === null
      ? []
      : [{ propertyId: block.propertyId, name: block.name, values: block.values }],
  );

/** What keeps the multi-spec from saving, '' when nothing. */
function specProblem(blocks: readonly SpecBlock[], rows: readonly SkuRow[]): string {
  if (blocks.length === 0) return '请添加规格项目';
  if (blocks.some((block) => block.propertyId === null)) return '请选择规格项目';
  const empty = blocks.find((block) => block.values.length === 0);
  if (empty) return `请选择${empty.name}的规格值`;
  if (rows.length > MAX_SKUS_PER_SPU) return `商品 SKU 不能超过 ${MAX_SKUS_PER_SPU} 个`;
  return '';
}

let nextUid = 1;

export function SkuEditor({ ref, properties, initial, onDirty }: SkuEditorProps) {
  const form = Form.useFormInstance();
  const watched = Form.useWatch<boolean | undefined>('multiSpec', form);
  const multi = watched ?? initial.multi;
  const [blocks, setBlocks] = useState<SpecBlock[]>(() =>
    initial.chosen.map((chosen) => ({ uid: nextUid++, ...chosen })),
  );
  const [multiRows, setMultiRows] = useState<readonly SkuRow[]>(() => (initial.multi ? initial.rows : []));
  const [singleRows, setSingleRows] = useState<readonly SkuRow[]>(() =>
    initial.multi ? buildSkuRows([], []) : initial.rows,
  );
  // Rows of combinations dropped meanwhile: ticking a value again brings its row back.
  const dropped = useRef<readonly SkuRow[]>([]);
  const [bulk, setBulk] = useState<Partial<SkuFields>>({});
  const [showErrors, setShowErrors] = useState(false);

  const chosen = useMemo(() => toChosen(blocks).filter((c) => c.values.length > 0), [blocks]);
  const shownRows = useMemo(
    () => (multi ? (chosen.length > 0 ? multiRows : []) : singleRows),
    [multi, chosen, multiRows, singleRows],
  );
  const problem = multi ? specProblem(blocks, multiRows) : '';

  // The rows as last rendered, for a change of the blocks (a stable callback, so typing in the SKU
  // table leaves the blocks alone).
  const latestRows = useRef(multiRows);
  useLayoutEffect(() => {
    latestRows.current = multiRows;
  }, [multiRows]);
  const changeBlocks = useCallback(
    (next: SpecBlock[]) => {
      onDirty();
      setBlocks(next);
      const rows = buildSkuRows(toChosen(next), latestRows.current, dropped.current);
      dropped.current = droppedRows(latestRows.current, rows, dropped.current);
      latestRows.current = rows;
      setMultiRows(rows);
    },
    [onDirty],
  );

  const onCell: CellChange = useCallback(
    (key, field, value) => {
      onDirty();
      if (key === BULK_KEY) setBulk((current) => ({ ...current, [field]: value }));
      else (multi ? setMultiRows : setSingleRows)((rows) => updateSkuRow(rows, key, field, value));
    },
    [multi, onDirty],
  );
  const onFill = useCallback(() => {
    onDirty();
    setMultiRows((rows) => fillColumns(rows, bulk));
  }, [bulk, onDirty]);

  useImperativeHandle(
    ref,
    () => ({
      check: () => {
        setShowErrors(true);
        return problem === '' && invalidSkuRows(shownRows).length === 0 && shownRows.length > 0;
      },
      result: () => ({ multi, rows: shownRows }),
    }),
    [multi, problem, shownRows],
  );

  return (
    <>
      {multi && (
        <SpecBlocks
          blocks={blocks}
          properties={properties}
          problem={showErrors ? problem : ''}
          onChange={changeBlocks}
        />
      )}
      <Form.Item label="商品 SKU" required>
        <SkuTable
          rows={shownRows}
          properties={multi ? chosen : []}
          multi={multi}
          bulk={bulk}
          showErrors={showErrors}
          onChange={onCell}
          onFill={onFill}
        />
        {showErrors && invalidSkuRows(shownRows).length > 0 && (
          <div className="spu-spec-error">请完善 SKU 信息</div>
        )}
      </Form.Item>
    </>
  );
}

/** The 规格项目 blocks: a property each and its values to tick. Memoised: typing in the SKUs skips it. */
const SpecBlocks = memo(function SpecBlocks({
  blocks,
  properties,
  problem,
  onChange,
}: {
  blocks: SpecBlock[];
  properties: readonly ProductPropertyAndValues[];
  /** What is wrong with them, once the user tried to save ('' otherwise). */
  problem: string;
  onChange: (next: SpecBlock[]) => void;
}) {
  const changeBlock = (uid: number, change: Partial<SpecBlock>) =>
    onChange(blocks.map((block) => (block.uid === uid ? { ...block, ...change } : block)));
  const taken = new Set(blocks.map((block) => block.propertyId));
  return (
    <Form.Item label="商品规格" required>
      {blocks.map((block, index) => {
        const property = properties.find((p) => p.id === block.propertyId);
        // Values saved before and since gone from the property's list still show, ticked.
        const offered = [
          ...(property?.values ?? []),
          ...block.values.filter((v) => !property?.values.some((known) => known.id === v.id)),
        ];
        const ticked = new Set(block.values.map((v) => v.id));
        const toggle = (value: SpecValue) =>
          changeBlock(block.uid, {
            values: offered.filter((v) => (v.id === value.id ? !ticked.has(v.id) : ticked.has(v.id))),
          });
        return (
          <div key={block.uid} className="spu-spec-block">
            <Space>
              <Select<number>
                aria-label={`规格项目 ${index + 1}`}
                placeholder="请选择规格项目"
                value={block.propertyId ?? undefined}
                onChange={(id) =>
                  changeBlock(block.uid, {
                    propertyId: id,
                    name: properties.find((p) => p.id === id)?.name ?? '',
                    values: [],
                  })
                }
                options={properties.map((p) => ({
                  value: p.id,
                  label: p.name,
                  disabled: p.id !== block.propertyId && taken.has(p.id),
                }))}
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: 220 }}
              />
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`删除规格项目 ${block.name || index + 1}`}
                onClick={() => onChange(blocks.filter((b) => b.uid !== block.uid))}
              />
            </Space>
            {block.propertyId !== null && (
              <div className="spu-spec-values" role="group" aria-label={`${block.name}的规格值`}>
                {offered.length === 0 && <span>该属性项还没有属性值，请先到商品属性中添加</span>}
                {offered.map((value) => (
                  <Button
                    key={value.id}
                    size="small"
                    type={ticked.has(value.id) ? 'primary' : 'default'}
                    aria-pressed={ticked.has(value.id)}
                    onClick={() => toggle(value)}
                  >
                    {value.name}
                  </Button>
                ))}
              </div>
            )}
          </div>
        );
      })}
      <Button
        icon={<PlusOutlined />}
        disabled={blocks.length >= Math.min(properties.length, MAX_SKU_PROPERTIES)}
        onClick={() => onChange([...blocks, { uid: nextUid++, propertyId: null, name: '', values: [] }])}
      >
        添加规格
      </Button>
      {problem && <div className="spu-spec-error">{problem}</div>}
    </Form.Item>
  );
});
