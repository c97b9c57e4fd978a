import { GlobalError } from '@app/contract';
import { ServiceError } from './errors.js';

/** Most rows one export holds (logs grow without end): a larger export must be narrowed. */
export const EXPORT_MAX_ROWS = 20_000;

/** Refuses an export whose rows (read with a limit of one more than allowed) exceed the maximum. */
export const checkExportSize = <T>(rows: T[], noun = '日志'): T[] => {
  if (rows.length > EXPORT_MAX_ROWS)
    throw new ServiceError(
      GlobalError.BAD_REQUEST.code,
      `${GlobalError.BAD_REQUEST.msg}:符合条件的${noun}超过 ${EXPORT_MAX_ROWS} 条，请缩小查询范围后再导出`,
    );
  return rows;
};
