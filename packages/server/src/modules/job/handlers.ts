import type { AppContext } from '../../context.js';
import { retainCutoff, type JobHandlers } from '../../lib/job-handlers.js';
import type { JobRepository } from './repository.js';

const CLEAN_BATCH = 1000;

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
    const { days, before } = retainCutoff(param, ctx.now());
    const count = await cleanInBatches(repo.deleteLogsBefore, before);
    return `清理任务日志 ${count} 条（保留 ${days} 天）`;
  });
};
