import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notDeleted } from './audit.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One column of an export: its Chinese header, width in characters (16 if unset), and its cell of a row. */
export interface ExcelColumn<T> {
  header: string;
  width?: number;
  /** null leaves the cell empty. */
  value: (row: T) => string | number | null;
}

/** A one-sheet .xlsx workbook with a bold header row and a row per item, as bytes. */
export const toXlsx = async <T>(
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

/**
 * Sends workbook bytes as a download named `fileName` (RFC 5987, so Chinese names survive); never
 * cached, as exports hold the tenant's data.
 */
export const sendXlsx = (reply: FastifyReply, fileName: string, bytes: Buffer): FastifyReply =>
  reply
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('cache-control', 'no-store')
    .type(XLSX_TYPE)
    .send(bytes);

/** Thrown when an upload is not a readable .xlsx workbook. */
export class UnreadableWorkbook extends Error {}

/** The first sheet of an uploaded workbook, or undefined when it has none. */
export const readFirstSheet = async (bytes: Buffer): Promise<ExcelJS.Worksheet | undefined> => {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new UnreadableWorkbook();
  }
  return workbook.worksheets[0];
};

const pad = (n: number) => String(n).padStart(2, '0');

/** 'yyyy-MM-dd HH:mm:ss' in the server's local time, as the reference writes dates. */
export const formatDateTime = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

export interface DictLabels {
  /** The label of a stored value; a value without an item shows as itself. */
  label(dictType: string, value: string | number | boolean): string;
  /** Label → value of one dictionary, for imports that read labels. */
  byLabel(dictType: string): Map<string, string>;
}

/**
 * Labels of dictionary values for export cells and imports, whatever the item's status (an export
 * explains every stored value).
 */
export const loadDictLabels = async (
  db: Kysely<Database>,
  dictTypes: readonly string[],
): Promise<DictLabels> => {
  const items =
    dictTypes.length === 0
      ? []
      : await db
          .selectFrom('systemDictData')
          .select(['dictType', 'value', 'label'])
          .where('dictType', 'in', dictTypes)
          .where(notDeleted())
          .execute();
  // NUL cannot occur in a dictionary type, so the key is unambiguous.
  const labels = new Map(items.map((i) => [`${i.dictType}\u0000${i.value}`, i.label]));
  return {
    label: (dictType, value) => labels.get(`${dictType}\u0000${String(value)}`) ?? String(value),
    byLabel: (dictType) =>
      new Map(items.filter((i) => i.dictType === dictType).map((i) => [i.label, i.value])),
  };
};
