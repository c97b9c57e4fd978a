import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface SheetColumn {
  header: string;
  width: number;
  values: (string | number)[];
}

/** One worksheet with a bold header row and the columns side by side, as .xlsx bytes. */
export const writeSheet = async (sheetName: string, columns: SheetColumn[]): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  const rowCount = Math.max(0, ...columns.map((c) => c.values.length));
  for (let i = 0; i < rowCount; i++) sheet.addRow(columns.map((c) => c.values[i] ?? ''));
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

/** Label lookup of dictionary values (any status: exports show what a value means); unknown values stay as they are. */
export const dictLabels = async (db: Kysely<Database>, dictTypes: string[]) => {
  const rows = await db
    .selectFrom('systemDictData')
    .select(['dictType', 'value', 'label'])
    .where('dictType', 'in', dictTypes)
    .where('deleted', '=', 0)
    .execute();
  const labels = new Map(rows.map((r) => [`${r.dictType}:${r.value}`, r.label]));
  return (dictType: string, value: number | string): string =>
    labels.get(`${dictType}:${value}`) ?? String(value);
};

/** `attachment` header for a Chinese file name (RFC 5987). */
export const attachmentHeader = (fileName: string): string =>
  `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
