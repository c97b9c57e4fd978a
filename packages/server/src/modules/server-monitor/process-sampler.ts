import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

/** How often the window figures (CPU, event-loop delay, GC pauses) are cut. */
export const SAMPLE_MS = 5000;

const NS_PER_MS = 1e6;

const machineTimes = () => {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus()) {
    const all = times.user + times.nice + times.sys + times.irq + times.idle;
    total += all;
    busy += all - times.idle;
  }
  return { busy, total };
};

export interface WindowFigures {
  sampleTime: number;
  windowSeconds: number;
  cpu: { cores: number; processPercent: number; machinePercent: number; loadAverage: number[] };
  eventLoop: { p50Ms: number; p99Ms: number; maxMs: number; meanMs: number };
  gc: { count: number; totalMs: number; maxMs: number };
}

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The process's figures over windows of SAMPLE_MS: a timer cuts a window and starts the next, so
 * every reader (several open pages, other instances' pages) sees the same last window; before the
 * first cut, the window so far.
 */
export const processSampler = (now: () => number = Date.now) => {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  let gc = { count: 0, totalMs: 0, maxMs: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count++;
      gc.totalMs += entry.duration;
      if (entry.duration > gc.maxMs) gc.maxMs = entry.duration;
    }
  });
  let start = { time: now(), cpu: process.cpuUsage(), machine: machineTimes() };
  let last: WindowFigures | null = null;
  let timer: NodeJS.Timeout | null = null;

  const figures = (): WindowFigures => {
    const time = now();
    const elapsedMs = Math.max(1, time - start.time);
    const cpu = process.cpuUsage(start.cpu);
    const machine = machineTimes();
    const cores = Math.max(1, cpus().length);
    const machineTotal = machine.total - start.machine.total;
    const count = delay.count;
    return {
      sampleTime: time,
      windowSeconds: round(elapsedMs / 1000, 1),
      cpu: {
        cores,
        processPercent: round(((cpu.user + cpu.system) / 1000 / elapsedMs / cores) * 100, 1),
        machinePercent:
          machineTotal > 0 ? round(((machine.busy - start.machine.busy) / machineTotal) * 100, 1) : 0,
        loadAverage: loadavg().map((l) => round(l, 2)),
      },
      eventLoop:
        count > 0
          ? {
              p50Ms: round(delay.percentile(50) / NS_PER_MS),
              p99Ms: round(delay.percentile(99) / NS_PER_MS),
              maxMs: round(delay.max / NS_PER_MS),
              meanMs: round(delay.mean / NS_PER_MS),
            }
          : { p50Ms: 0, p99Ms: 0, maxMs: 0, meanMs: 0 },
      gc: { count: gc.count, totalMs: round(gc.totalMs), maxMs: round(gc.maxMs) },
    };
  };

  const cut = () => {
    last = figures();
    delay.reset();
    gc = { count: 0, totalMs: 0, maxMs: 0 };
    start = { time: last.sampleTime, cpu: process.cpuUsage(), machine: machineTimes() };
  };

  return {
    start(): void {
      if (timer) return;
      delay.enable();
      observer.observe({ entryTypes: ['gc'] });
      timer = setInterval(cut, SAMPLE_MS);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
      delay.disable();
      observer.disconnect();
    },
    /** The last window cut, or the one under way before the first cut. */
    read: (): WindowFigures => last ?? figures(),
  };
};
export type ProcessSampler = ReturnType<typeof processSampler>;
