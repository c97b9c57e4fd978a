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
