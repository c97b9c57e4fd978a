import type { AppContext } from '../../context.js';
import type { JobHandlers } from '../../lib/job-handlers.js';
import type { JobRepository } from './repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const CLEAN_BATCH = 1000;

/**
 * Days to keep from a clean job's parameter: blank keeps 14 (the reference's default), anything
 * but a positive whole number fails the run.
 */
export const retainDays = (param: string): number => {
  if (param.trim() === '') return 14;
  const days = Number(param.trim());
  if (!Number.isInteger(days) || days <= 0) throw new Error(`保留天数必须是正整数，当前为 "${param}"`);
  return days;
};

/** Deletes in batches through `deleteBatch(before, batch)` until a batch comes back short. */
export const cleanInBatches = async (
  deleteBatch: (before: number, batch: number) => Promise<number>,
  before: number,
): Promise<number> => {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch(before, CLEAN_BATCH);
    total += deleted;
    if (deleted < CLEAN_BATCH) return total;
  }
};

/** The scheduler's own handlers: the reference's example job and the clean-up of its log. */
export const registerJobHandlers = (handlers: JobHandlers, repo: JobRepository, ctx: AppContext): void => {
  handlers.register('demoJob', async (param) => `示例任务执行成功${param ? `，参数：${param}` : ''}`);
  handlers.register('jobLogCleanJob', async (param) => {
    const days = retainDays(param);
    const count = await cleanInBatches(repo.deleteLogsBefore, ctx.now() - days * DAY_MS);
    return `清理任务日志 ${count} 条（保留 ${days} 天）`;
  });
};
