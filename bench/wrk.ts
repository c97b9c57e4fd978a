// The load generator of the throughput benches: wrk (Debian's package), one thread, in a process of
// its own. autocannon, used before, appends every answer's body to a JavaScript string: for a
// brotli body it decodes binary as UTF-8, about 14 µs per 3.8 KB answer, so the load generator and
// not the server set the rate of the compressed answers (47,800 req/s for 3.8 KB of ASCII against
// 27,600 for the same size of brotli bytes, same server). wrk reads bodies without looking at them.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface WrkResult {
  rps: number;
  total: number;
  p50: number;
  p99: number;
  /** Answers outside 2xx and 3xx, and socket errors. */
  errors: number;
}

export interface WrkOptions {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  method?: string;
  body?: string;
}

/** Milliseconds of a wrk latency figure (`850.00us`, `1.23ms`, `2.00s`). */
const ms = (figure: string): number => {
  const m = /^([\d.]+)(us|ms|s)$/.exec(figure);
  if (!m) throw new Error(`wrk: unreadable latency ${figure}`);
  return Number(m[1]) * { us: 0.001, ms: 1, s: 1000 }[m[2] as 'us' | 'ms' | 's'];
};

export const wrk = (url: string, options: WrkOptions): WrkResult => {
  const args = ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--latency'];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
  if (options.method) {
    // A request other than GET is set by a script.
    const script = join(mkdtempSync(join(tmpdir(), 'wrk-')), 'request.lua');
    writeFileSync(
      script,
      `wrk.method = ${JSON.stringify(options.method)}\nwrk.body = ${JSON.stringify(options.body ?? '')}\n`,
    );
    args.push('-s', script);
  }
  let out: string;
  try {
    out = execFileSync('wrk', [...args, url], { encoding: 'utf8' });
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT')
      throw new Error('npm run bench needs wrk: apt-get install -y wrk', { cause: error });
    throw error;
  }
  const figure = (pattern: RegExp) => pattern.exec(out)?.[1];
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: Number(figure(/Requests\/sec:\s+([\d.]+)/)),
    total: Number(figure(/(\d+) requests in/)),
    p50: ms(figure(/\n\s+50%\s+(\S+)/)!),
    p99: ms(figure(/\n\s+99%\s+(\S+)/)!),
    errors:
      Number(figure(/Non-2xx or 3xx responses: (\d+)/) ?? 0) +
      (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
  };
};
