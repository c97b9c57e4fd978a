import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/*
 * Prettier, in worker threads: formatting a module's files takes a CPU for some 200 ms, which would
 * stall every other request on the event loop, and the files format side by side on as many workers
 * as there are CPUs (two at most: a preview has few large files).
 */

/** The repository's prettier settings (.prettierrc): generated code passes `prettier --check` as it is. */
const PRETTIER = { singleQuote: true, semi: true, printWidth: 110, trailingComma: 'all' } as const;

const require = createRequire(import.meta.url);
const MODULES = {
  prettier: require.resolve('prettier/standalone'),
  plugins: ['estree', 'typescript', 'markdown'].map((name) => require.resolve(`prettier/plugins/${name}`)),
};

// CommonJS, evaluated in the worker: the source tree has no built worker file when tests run.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const prettier = require(workerData.prettier);
const plugins = workerData.plugins.map((path) => require(path));
parentPort.on('message', ({ id, code, options }) => {
  prettier.format(code, { ...options, plugins }).then(
    (formatted) => parentPort.postMessage({ id, code: formatted }),
    (error) => parentPort.postMessage({ id, error: String(error && error.message ? error.message : error) }),
  );
});
`;

interface Job {
  resolve: (code: string) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  worker: Worker;
  jobs: Map<number, Job & { size: number }>;
  /** Characters queued: a new file goes to the worker with the least. */
  pending: number;
}

let pool: PoolWorker[] | null = null;
let nextId = 0;

const start = (): PoolWorker => {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: MODULES });
  const entry: PoolWorker = { worker, jobs: new Map(), pending: 0 };
  worker.on('message', ({ id, code, error }: { id: number; code?: string; error?: string }) => {
    const job = entry.jobs.get(id);
    entry.jobs.delete(id);
    entry.pending -= job?.size ?? 0;
    if (entry.jobs.size === 0) worker.unref();
    if (error === undefined) job?.resolve(code!);
    else job?.reject(new Error(`生成的代码无法格式化：${error}`));
  });
  // A worker that died fails its jobs; the next format starts a new one in its place.
  worker.on('error', (error) => {
    for (const job of entry.jobs.values()) job.reject(error);
    entry.jobs.clear();
    entry.pending = 0;
    if (pool) pool = pool.filter((p) => p !== entry);
  });
  // Only a worker with work keeps the process alive.
  worker.unref();
  return entry;
};

const workers = (): PoolWorker[] => {
  const size = Math.max(1, Math.min(2, availableParallelism()));
  pool ??= [];
  while (pool.length < size) pool.push(start());
  return pool;
};

/**
 * `code` formatted as the repository formats `filePath` (TypeScript, or Markdown for `.md`). Callers with
 * several files start the largest first, so that the workers' shares come out even.
 */
export const formatFile = (filePath: string, code: string): Promise<string> => {
  const entry = workers().reduce((least, w) => (w.pending < least.pending ? w : least));
  const id = nextId++;
  const options = {
    ...PRETTIER,
    filepath: filePath,
    parser: filePath.endsWith('.md') ? 'markdown' : 'typescript',
  };
  return new Promise((resolve, reject) => {
    entry.jobs.set(id, { resolve, reject, size: code.length });
    entry.pending += code.length;
    entry.worker.ref();
    entry.worker.postMessage({ id, code, options });
  });
};
