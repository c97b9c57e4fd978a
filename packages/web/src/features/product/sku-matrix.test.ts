import type { ProductSpuDetail } from '@app/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildSkuRows,
  combinationKey,
  droppedRows,
  EMPTY_SKU,
  fillColumn,
  fillColumns,
  fromDetail,
  invalidSkuRows,
  skuRowErrors,
  toSkuRequests,
  updateSkuRow,
} from './sku-matrix';
import type { ChosenProperty, SkuRow } from './sku-matrix';

const COLOR: ChosenProperty = {
  propertyId: 1,
  name: '颜色',
  values: [
    { id: 11, name: '红' },
    { id: 12, name: '蓝' },
  ],
};
const SIZE: ChosenProperty = {
  propertyId: 2,
  name: '尺寸',
  values: [
    { id: 21, name: 'S' },
    { id: 22, name: 'M' },
  ],
};
const names = (rows: readonly SkuRow[]) =>
  rows.map((row) => row.properties.map((p) => p.valueName).join(','));
const priced = (rows: readonly SkuRow[]) =>
  rows.map((row, i) => ({ ...row, price: i + 1, marketPrice: i + 2, stock: i * 10, barCode: `B${i}` }));

describe('sku matrix', () => {
  it('builds the cartesian product of the chosen values, the first property varying slowest', () => {
    const rows = buildSkuRows([COLOR, SIZE], []);
    expect(names(rows)).toEqual(['红,S', '红,M', '蓝,S', '蓝,M']);
    expect(rows[1]!.properties).toEqual([
      { propertyId: 1, propertyName: '颜色', valueId: 11, valueName: '红' },
      { propertyId: 2, propertyName: '尺寸', valueId: 22, valueName: 'M' },
    ]);
    expect(rows[0]).toMatchObject(EMPTY_SKU);
    // A property without chosen values adds no column.
    expect(names(buildSkuRows([COLOR, { ...SIZE, values: [] }], []))).toEqual(['红', '蓝']);
  });

  it('is one row without properties for a single spec, kept across rebuilds', () => {
    const [single] = buildSkuRows([], []);
    expect(single).toMatchObject({ key: '', properties: [], ...EMPTY_SKU });
    const typed = { ...single!, price: 9.9 };
    expect(buildSkuRows([], [typed])[0]).toBe(typed);
  });

  it('keys a combination by its set of values, whatever the order of the properties', () => {
    expect(
      combinationKey([
        { propertyId: 2, valueId: 21 },
        { propertyId: 1, valueId: 11 },
      ]),
    ).toBe(
      combinationKey([
        { propertyId: 1, valueId: 11 },
        { propertyId: 2, valueId: 21 },
      ]),
    );
    const rows = priced(buildSkuRows([COLOR, SIZE], []));
    const swapped = buildSkuRows([SIZE, COLOR], rows);
    expect(names(swapped)).toEqual(['S,红', 'S,蓝', 'M,红', 'M,蓝']);
    expect(swapped.find((row) => row.key === rows[1]!.key)).toMatchObject({ price: 2, barCode: 'B1' });
  });

  it('returns the same row objects when nothing changed', () => {
    const rows = priced(buildSkuRows([COLOR, SIZE], []));
    const again = buildSkuRows([COLOR, SIZE], rows);
    again.forEach((row, i) => expect(row).toBe(rows[i]));
    const edited = updateSkuRow(again, rows[2]!.key, 'price', 7);
    expect(edited.filter((row, i) => row !== rows[i])).toEqual([{ ...rows[2], price: 7 }]);
  });

  it('keeps the typed values of surviving combinations when values come and go', () => {
    const rows = priced(buildSkuRows([COLOR, SIZE], []));
    const moreColors = buildSkuRows(
      [{ ...COLOR, values: [...COLOR.values, { id: 13, name: '黑' }] }, SIZE],
      rows,
    );
    expect(names(moreColors)).toEqual(['红,S', '红,M', '蓝,S', '蓝,M', '黑,S', '黑,M']);
    moreColors.slice(0, 4).forEach((row, i) => expect(row).toBe(rows[i]));
    // A new value extends no earlier combination: it starts empty.
    expect(moreColors[4]).toMatchObject(EMPTY_SKU);
    const fewerSizes = buildSkuRows([COLOR, { ...SIZE, values: [SIZE.values[1]!] }], rows);
    expect(fewerSizes).toEqual([rows[1], rows[3]]);
  });

  it('gives a combination that comes back the row it had', () => {
    const rows = priced(buildSkuRows([COLOR, SIZE], []));
    const onlyRed = buildSkuRows([{ ...COLOR, values: [COLOR.values[0]!] }, SIZE], rows);
    const dropped = droppedRows(rows, onlyRed);
    expect(names(dropped)).toEqual(['蓝,S', '蓝,M']);
    const none = buildSkuRows(
      [
        { ...COLOR, values: [] },
        { ...SIZE, values: [] },
      ],
      onlyRed,
      dropped,
    );
    const droppedAll = droppedRows(onlyRed, none, dropped);
    expect(names(droppedAll)).toEqual(['红,S', '红,M', '蓝,S', '蓝,M']);
    const back = buildSkuRows([COLOR, SIZE], none, droppedAll);
    back.forEach((row, i) => expect(row).toBe(rows[i]));
  });

  it('carries a row to the combinations that extend it when a property is added, without the barcode', () => {
    const colors = buildSkuRows([COLOR], []).map((row, i) => ({ ...row, price: 10 + i, barCode: `C${i}` }));
    const rows = buildSkuRows([COLOR, SIZE], colors);
    expect(rows.map((row) => [row.price, row.barCode])).toEqual([
      [10, null],
      [10, null],
      [11, null],
      [11, null],
    ]);
  });

  it('carries the first extending row to a combination left when a property is removed', () => {
    const rows = priced(buildSkuRows([COLOR, SIZE], []));
    const colors = buildSkuRows([COLOR], rows);
    expect(names(colors)).toEqual(['红', '蓝']);
    expect(colors.map((row) => row.price)).toEqual([1, 3]);
  });

  it('keeps every surviving combination whatever is added, removed or reordered', () => {
    const property = (id: number) =>
      fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 4 }).map((ids): ChosenProperty => ({
        propertyId: id,
        name: `属性${id}`,
        values: ids.map((v) => ({ id: id * 100 + v, name: `${id}-${v}` })),
      }));
    const chosen = fc
      .uniqueArray(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 })
      .chain((ids) => fc.tuple(...ids.map(property)));
    fc.assert(
      fc.property(chosen, chosen, (before, after) => {
        const rows = buildSkuRows(before, []).map((row, i) => ({ ...row, price: i + 0.5, stock: i }));
        const next = buildSkuRows(after, rows);
        const sizes = after.map((p) => p.values.length).filter((n) => n > 0);
        expect(next).toHaveLength(sizes.reduce((a, b) => a * b, 1));
        expect(new Set(next.map((row) => row.key)).size).toBe(next.length);
        const used = after.filter((p) => p.values.length > 0).map((p) => p.propertyId);
        for (const row of next) expect(row.properties.map((p) => p.propertyId)).toEqual(used);
        const old = new Map(rows.map((row) => [row.key, row]));
        for (const row of next) {
          const kept = old.get(row.key);
          if (kept)
            expect({ price: row.price, stock: row.stock }).toEqual({ price: kept.price, stock: kept.stock });
        }
      }),
    );
  });

  it('fills one column, or every column given, for all rows', () => {
    const rows = buildSkuRows([COLOR, SIZE], []);
    expect(fillColumn(rows, 'price', 12.5).map((row) => row.price)).toEqual([12.5, 12.5, 12.5, 12.5]);
    const filled = fillColumns(updateSkuRow(rows, rows[0]!.key, 'weight', 3), {
      marketPrice: 20,
      stock: 0,
      weight: null,
      barCode: '',
    });
    expect(filled.map((row) => [row.marketPrice, row.stock, row.weight, row.barCode])).toEqual([
      [20, 0, 3, null],
      [20, 0, null, null],
      [20, 0, null, null],
      [20, 0, null, null],
    ]);
  });

  it('checks the required fields and the price order in the server words', () => {
    expect(skuRowErrors(EMPTY_SKU)).toEqual({
      marketPrice: '市场价不能为空',
      price: '销售价不能为空',
      costPrice: '成本价不能为空',
      stock: '库存不能为空',
    });
    expect(skuRowErrors({ ...EMPTY_SKU, marketPrice: 9.99, price: 10, costPrice: 12, stock: 0 })).toEqual({
      marketPrice: '市场价不能低于销售价',
      costPrice: '成本价不能高于市场价',
    });
    const rows = fillColumns(buildSkuRows([COLOR], []), {
      marketPrice: 2,
      price: 1,
      costPrice: 0.5,
      stock: 1,
    });
    expect(invalidSkuRows(rows)).toEqual([]);
    expect(invalidSkuRows(updateSkuRow(rows, rows[1]!.key, 'stock', null))).toEqual([
      { row: { ...rows[1], stock: null }, errors: { stock: '库存不能为空' } },
    ]);
  });

  it('builds the request SKUs: names from the values, prices in fen', () => {
    const rows = fillColumns(buildSkuRows([COLOR, SIZE], []), {
      marketPrice: 19.99,
      price: 0.07,
      costPrice: 1.1,
      stock: 5,
    });
    const [first] = toSkuRequests(updateSkuRow(rows, rows[0]!.key, 'barCode', ' 690 '), '衬衫');
    expect(first).toEqual({
      name: '红,S',
      picUrl: null,
      marketPrice: 1999,
      price: 7,
      costPrice: 110,
      stock: 5,
      warnStock: null,
      volume: null,
      weight: null,
      barCode: '690',
      status: 0,
      properties: [
        { propertyId: 1, valueId: 11 },
        { propertyId: 2, valueId: 21 },
      ],
    });
    const single = fillColumns(buildSkuRows([], []), { marketPrice: 1, price: 1, costPrice: 1, stock: 1 });
    expect(toSkuRequests(single, '衬衫')[0]).toMatchObject({ name: '衬衫', properties: [], price: 100 });
    expect(() => toSkuRequests(buildSkuRows([], []), '衬衫')).toThrow('市场价不能为空');
  });

  it('resumes a saved SPU: specifications from its views, rows in yuan in table order', () => {
    const sku = (id: number, color: [number, string], size: [number, string], price: number) => ({
      id,
      name: `${color[1]},${size[1]}`,
      picUrl: '',
      price,
      marketPrice: price + 100,
      costPrice: 50,
      barCode: `B${id}`,
      status: 0,
      stock: id,
      warnStock: null,
      weight: null,
      volume: 1.5,
      salesCount: 0,
      properties: [
        { propertyId: 1, propertyName: '颜色', valueId: color[0], valueName: color[1] },
        { propertyId: 2, propertyName: '尺寸', valueId: size[0], valueName: size[1] },
      ],
    });
    const detail: Pick<ProductSpuDetail, 'specType' | 'skus' | 'productPropertyViews'> = {
      specType: 2,
      skus: [sku(1, [12, '蓝'], [21, 'S'], 1999), sku(2, [11, '红'], [21, 'S'], 1000)],
      productPropertyViews: [],
    };
    const resumed = fromDetail(detail);
    expect(resumed.multi).toBe(true);
    expect(resumed.chosen).toEqual([
      {
        propertyId: 1,
        name: '颜色',
        values: [
          { id: 12, name: '蓝' },
          { id: 11, name: '红' },
        ],
      },
      { propertyId: 2, name: '尺寸', values: [{ id: 21, name: 'S' }] },
    ]);
    expect(resumed.rows.map((row) => [row.key, row.price, row.marketPrice, row.picUrl, row.barCode])).toEqual(
      [
        ['1:12,2:21', 19.99, 20.99, null, 'B1'],
        ['1:11,2:21', 10, 11, null, 'B2'],
      ],
    );
    const single = fromDetail({
      ...detail,
      specType: 1,
      skus: [{ ...sku(3, [0, ''], [0, ''], 500), properties: [] }],
    });
    expect(single).toMatchObject({ multi: false, chosen: [] });
    expect(single.rows).toHaveLength(1);
    expect(single.rows[0]).toMatchObject({ key: '', price: 5, barCode: 'B3' });
  });
});
