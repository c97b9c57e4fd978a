import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ExcelColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | null;
}

/** One sheet with a bold header row, as .xlsx bytes. */
export const buildWorkbook = async <T>(
  sheetName: string,
  columns: readonly ExcelColumn<T>[],
  rows: readonly T[],
): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 16 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => c.value(row)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

/** Sends .xlsx bytes as a download named `fileName` (UTF-8, as browsers decode it). */
export const sendWorkbook = (reply: FastifyReply, fileName: string, content: Buffer): FastifyReply =>
  reply
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .type(XLSX_TYPE)
    .send(content);

/** Labels of one dictionary by value, for export columns. */
export const dictLabels = async (db: Kysely<Database>, dictType: string): Promise<Map<string, string>> => {
  const rows = await db
    .selectFrom('systemDictData')
    .select(['value', 'label'])
    .where('dictType', '=', dictType)
    .where('deleted', '=', 0)
    .execute();
  return new Map(rows.map((r) => [r.value, r.label]));
};
