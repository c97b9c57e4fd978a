import { withoutTenantScope } from '../db/tenant-scope.js';

/** Rows written per statement, and the longest a row waits for its batch. */
const BATCH = 200;
const FLUSH_MS = 1000;
/** Rows queued beyond this (the database stalled) are dropped, and the drop is logged. */
const QUEUE_MAX = 20_000;

/**
 * Rows a request leaves behind (log rows) waiting for their batch: one statement per batch, outside any
 * tenant scope (rows name their tenant), so no request waits for the write. A failed batch is reported
 * and lost, and never stops the next.
 */
export class Batcher<T> {
  #rows: T[] = [];
  #timer: NodeJS.Timeout | null = null;
  #writing: Promise<void> = Promise.resolve();
  #dropped = 0;

  constructor(
    private readonly write: (rows: T[]) => Promise<void>,
    private readonly onError: (error: unknown, rows: number) => void,
    private readonly options: { flushMs: number } = { flushMs: FLUSH_MS },
  ) {}

  push(row: T): void {
    if (this.#rows.length >= QUEUE_MAX) {
      if (this.#dropped++ === 0) this.onError(new Error('日志队列已满，丢弃新记录'), 1);
      return;
    }
    this.#rows.push(row);
    if (this.#rows.length >= BATCH) void this.flush();
    else this.#timer ??= setTimeout(() => void this.flush(), this.options.flushMs).unref();
  }

  /** Writes what is queued; resolves once every write started so far has ended. */
  flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#dropped = 0;
    while (this.#rows.length > 0) {
      const rows = this.#rows.splice(0, BATCH);
      // One write at a time: SQLite has one writer.
      this.#writing = this.#writing.then(() =>
        withoutTenantScope(() => this.write(rows)).catch((error: unknown) =>
          this.onError(error, rows.length),
        ),
      );
    }
    return this.#writing;
  }
}
