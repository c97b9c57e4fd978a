/**
 * What a scheduled job runs: its handler parameter in, a result text out (shown as the job log's
 * 执行结果). A thrown error fails the run; its message becomes the result.
 */
export type JobHandler = (param: string) => Promise<string>;

/**
 * The named functions the scheduler may run. Modules register theirs under the reference's
 * handler names (`accessLogCleanJob`, `payNotifyJob`, …); a job naming anything else is refused.
 */
export class JobHandlers {
  readonly #byName = new Map<string, JobHandler>();

  register(name: string, handler: JobHandler): void {
    if (this.#byName.has(name)) throw new Error(`定时任务处理器 ${name} 重复注册`);
    this.#byName.set(name, handler);
  }

  get(name: string): JobHandler | undefined {
    return this.#byName.get(name);
  }

  names(): string[] {
    return [...this.#byName.keys()].sort();
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Where a clean job cuts: rows older than the days its parameter keeps (blank keeps 14, the
 * reference's default) before `now`; anything but a positive whole number fails the run.
 */
export const retainCutoff = (param: string, now: number): { days: number; before: number } => {
  const text = param.trim();
  const days = text === '' ? 14 : Number(text);
  if (!Number.isSafeInteger(days) || days < 1) throw new Error(`保留天数必须是正整数，当前为 "${text}"`);
  return { days, before: now - days * DAY_MS };
};
