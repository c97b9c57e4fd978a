import { MOBILE_PATTERN, USERNAME_PATTERN } from '@app/contract';
import { readFirstSheet } from '../../lib/crud/index.js';

/** One row of the user import sheet; `error` says why the row cannot be imported. */
export interface ImportRow {
  username: string | null;
  nickname: string | null;
  deptId: number | null;
  email: string | null;
  mobile: string | null;
  sex: number | null;
  status: number | null;
  error: string | null;
}

type ImportKey = Exclude<keyof ImportRow, 'error'>;

/** The import sheet's columns, as the template writes them and the import reads them (by header). */
export const IMPORT_COLUMNS: readonly { key: ImportKey; header: string; width: number }[] = [
  { key: 'username', header: '登录名称', width: 16 },
  { key: 'nickname', header: '用户名称', width: 16 },
  { key: 'deptId', header: '部门编号', width: 10 },
  { key: 'email', header: '用户邮箱', width: 24 },
  { key: 'mobile', header: '手机号码', width: 16 },
  { key: 'sex', header: '用户性别', width: 10 },
  { key: 'status', header: '账号状态', width: 10 },
];

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A dictionary cell: its label (男, 开启) or its value (1, 0). */
const dictValue = (text: string, byLabel: Map<string, number>): number | undefined => {
  const label = byLabel.get(text);
  if (label !== undefined) return label;
  return [...byLabel.values()].find((v) => String(v) === text);
};

/**
 * Reads the rows of the first sheet below its header row (`UnreadableWorkbook` if it is no .xlsx); empty rows are skipped. Sex and status
 * cells may hold dictionary labels or values (`sexByLabel`, `statusByLabel`: label → value).
 */
export const parseImportSheet = async (
  bytes: Buffer,
  sexByLabel: Map<string, number>,
  statusByLabel: Map<string, number>,
): Promise<ImportRow[]> => {
  const sheet = await readFirstSheet(bytes);
  if (!sheet) return [];
  const columnOf = new Map<ImportKey, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const column = IMPORT_COLUMNS.find((c) => c.header === cell.text.trim());
    if (column) columnOf.set(column.key, col);
  });
  const rows: ImportRow[] = [];
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const text = (key: ImportKey): string | null => {
      const col = columnOf.get(key);
      const value = col === undefined ? '' : row.getCell(col).text.trim();
      return value === '' ? null : value;
    };
    const cells = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.key, text(c.key)])) as Record<
      ImportKey,
      string | null
    >;
    if (Object.values(cells).every((v) => v === null)) return;
    const errors: string[] = [];
    if (!cells.username || !USERNAME_PATTERN.test(cells.username))
      errors.push('用户账号由 4-30 位数字、字母组成');
    if (cells.nickname && cells.nickname.length > 30) errors.push('用户昵称长度不能超过 30 个字符');
    const deptId = cells.deptId === null ? null : Number(cells.deptId);
    if (deptId !== null && !(Number.isSafeInteger(deptId) && deptId > 0)) errors.push('部门编号不正确');
    if (cells.email && !EMAIL_PATTERN.test(cells.email)) errors.push('邮箱格式不正确');
    if (cells.mobile && !MOBILE_PATTERN.test(cells.mobile)) errors.push('手机号格式不正确');
    const sex = cells.sex === null ? null : dictValue(cells.sex, sexByLabel);
    if (sex === undefined) errors.push('用户性别不正确');
    const status = cells.status === null ? null : dictValue(cells.status, statusByLabel);
    if (status === undefined) errors.push('账号状态不正确');
    rows.push({
      username: cells.username,
      nickname: cells.nickname,
      deptId,
      email: cells.email,
      mobile: cells.mobile,
      sex: sex ?? null,
      status: status ?? null,
      error: errors.length > 0 ? `${errors.join('；')}` : null,
    });
  });
  return rows;
};
