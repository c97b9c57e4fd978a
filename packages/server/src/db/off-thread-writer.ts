import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The worker's code, plain JavaScript so that it runs as it is under the test runner too: a second
 * connection to the SQLite file that runs the statements it is sent, one at a time, and answers
 * each with its duration or its error. SQLite's own busy wait may block here: no request waits on
 * this thread.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.pragma('busy_timeout = ' + workerData.busyWaitMs);
db.pragma('synchronous = NORMAL');
const prepared = new Map();
parentPort.on('message', ({ id, sql, params }) => {
  try {
    let statement = prepared.get(sql);
    if (!statement) prepared.set(sql, (statement = db.prepare(sql)));
    const started = performance.now();
    const { changes } = statement.run(params);
    parentPort.postMessage({ id, ms: performance.now() - started, rows: changes });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: String(error && error.message), code: error && error.code } });
  }
});
`;

interface Answer {
  id: number;
  ms?: number;
  rows?: number;
  error?: { message: string; code?: string };
}

/**
 * Writes that no request waits for (the API access log's rows, one batch per statement) run on a
 * worker thread with a connection of its own, so that SQLite's insert work (about 4 µs a row)
 * leaves the thread that answers requests. The main connection begins its transactions with
 * `begin immediate` (database.ts), so this writer never invalidates one of its snapshots.
 */
export class OffThreadWriter {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, { sql: string; resolve: () => void; reject: (e: Error) => void }>();
  readonly #inFlight = new Set<Promise<unknown>>();
  #nextId = 0;
  #failed: Error | null = null;

  constructor(
    file: string,
    busyWaitMs: number,
    /** Told of every statement that ran (数据库监控 counts them with the others). */
    onStatement: (sql: string, ms: number, rows: number) => void,
  ) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.#worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, busyWaitMs } });
    // Idle, it keeps no process alive; `run` holds the process up while a statement is out.
    this.#worker.unref();
    this.#worker.on('message', (answer: Answer) => {
      const waiting = this.#waiting.get(answer.id);
      if (!waiting) return;
      this.#waiting.delete(answer.id);
      if (this.#waiting.size === 0) this.#worker.unref();
      if (answer.error)
        waiting.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
      else {
        onStatement(waiting.sql, answer.ms ?? 0, answer.rows ?? 0);
        waiting.resolve();
      }
    });
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', () => this.#fail(new Error('后台写入线程已退出')));
  }

  #fail(error: Error): void {
    this.#failed ??= error;
    for (const waiting of this.#waiting.values()) waiting.reject(error);
    this.#waiting.clear();
  }

  /** Runs one statement on the worker's connection. */
  run(sql: string, params: readonly unknown[]): Promise<void> {
    if (this.#failed) return Promise.reject(this.#failed);
    const id = this.#nextId++;
    const answer = new Promise<void>((resolve, reject) => {
      this.#waiting.set(id, { sql, resolve, reject });
      this.#worker.ref();
      this.#worker.postMessage({ id, sql, params });
    });
    this.#inFlight.add(answer);
    const done = () => void this.#inFlight.delete(answer);
    answer.then(done, done);
    return answer;
  }

  /** Waits for the statements sent so far, then ends the worker and its connection. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.#inFlight]);
    this.#failed ??= new Error('后台写入线程已关闭');
    await this.#worker.terminate();
  }
}
