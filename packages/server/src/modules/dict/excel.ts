import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** One column of an export: its Chinese header, width in characters, and how a row shows in it. */
export interface ExportColumn<T> {
  header: string;
  width: number;
  cell: (row: T) => string | number;
}

/** A one-sheet .xlsx workbook ('数据', as the reference names it) with a bold header row. */
export const toXlsx = async <T>(columns: ExportColumn<T>[], rows: T[]): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('数据');
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => c.cell(row)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

/** Sends workbook bytes as a download named `fileName` (RFC 5987, so Chinese names survive). */
export const sendXlsx = (reply: FastifyReply, fileName: string, bytes: Buffer): FastifyReply =>
  reply
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('cache-control', 'no-store')
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .send(bytes);

const pad = (n: number) => String(n).padStart(2, '0');

/** 'yyyy-MM-dd HH:mm:ss' in the server's local time, as the reference writes dates. */
export const formatDateTime = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

/**
 * Labels of dictionary values for export cells, whatever the item's status (an export explains
 * every stored value); a value without an item shows as itself.
 */
export const loadDictLabels = async (db: Kysely<Database>, dictTypes: string[]) => {
  const items = await db
    .selectFrom('systemDictData')
    .select(['dictType', 'value', 'label'])
    .where('dictType', 'in', dictTypes)
    .where('deleted', '=', 0)
    .execute();
  const labels = new Map(items.map((i) => [`${i.dictType}\u0000${i.value}`, i.label]));
  return (dictType: string, value: string | number | boolean): string =>
    labels.get(`${dictType}\u0000${String(value)}`) ?? String(value);
};
