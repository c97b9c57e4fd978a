import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/**
 * Labels of the 加签 task results in `bpm_process_instance_result`. The reference's enum has them
 * (BpmProcessInstanceResultEnum 7–9) but its seed stops at 4; the detail page tags tasks with them.
 */
export const BPM_SIGN_RESULT_DICT = [
  { value: '7', label: '待后加签任务完成', colorType: 'success' },
  { value: '8', label: '待前加签任务完成', colorType: 'warning' },
  { value: '9', label: '待前置任务完成', colorType: 'info' },
] as const;

/** Adds the labels the dictionary does not have yet. */
export const seedBpmSignResults = async (db: Kysely<Database>, now: number): Promise<void> => {
  const type = 'bpm_process_instance_result';
  const existing = await db
    .selectFrom('systemDictData')
    .select('value')
    .where('dictType', '=', type)
    .where('deleted', '=', 0)
    .execute();
  const have = new Set(existing.map((r) => r.value));
  const rows = BPM_SIGN_RESULT_DICT.filter((d) => !have.has(d.value)).map((d) => ({
    sort: Number(d.value),
    label: d.label,
    value: d.value,
    dictType: type,
    status: 0,
    colorType: d.colorType,
    cssClass: '',
    remark: null,
    creator: '1',
    updater: '1',
    createTime: now,
    updateTime: now,
  }));
  if (rows.length > 0) await db.insertInto('systemDictData').values(rows).execute();
};
