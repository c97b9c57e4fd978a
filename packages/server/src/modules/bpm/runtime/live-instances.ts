import type { LiveInstance } from '../../../bpm/engine/index.js';
import { positiveIntFromEnv } from '../../../lib/poller.js';

/** Default number of live engine instances a server keeps (each is hundreds of KB, more for big diagrams). */
export const DEFAULT_LIVE_INSTANCES = 64;

export const liveInstanceCapacityFrom = (env: NodeJS.ProcessEnv = process.env): number =>
  positiveIntFromEnv(env.BPM_ENGINE_CACHE_SIZE, DEFAULT_LIVE_INSTANCES);

/**
 * The engine instances this server's steps left running, by process instance id, each tagged with the
 * row version its step wrote. A step takes the instance out (so two steps never share one) and uses it
 * only when the row it read is still at that version; otherwise another step, maybe of another server,
 * wrote since, and it recovers from the stored state. Only a committed step puts an instance back. The
 * least recently used go first when the cache is full.
 */
export const liveInstances = (capacity: number) => {
  const entries = new Map<string, { version: number; live: LiveInstance }>();
  const stats = { hits: 0, misses: 0 };

  return {
    stats,
    get size(): number {
      return entries.size;
    },

    /** The live instance at `version`, removed from the cache; null (and dropped if stale) otherwise. */
    take(instanceId: string, version: number): LiveInstance | null {
      const entry = entries.get(instanceId);
      entries.delete(instanceId);
      if (entry?.version === version) {
        stats.hits++;
        return entry.live;
      }
      stats.misses++;
      return null;
    },

    /** Keeps `live` as the instance at `version`, unless a newer one is there already. */
    put(instanceId: string, version: number, live: LiveInstance): void {
      const current = entries.get(instanceId);
      if (current && current.version > version) return;
      entries.delete(instanceId);
      entries.set(instanceId, { version, live });
      if (entries.size > capacity) entries.delete(entries.keys().next().value!);
    },

    /** A step wrote the row without moving the engine: the instance cached at `from` is now at `to`. */
    advance(instanceId: string, from: number, to: number): void {
      const entry = entries.get(instanceId);
      if (entry?.version === from) entry.version = to;
    },

    drop(instanceId: string): void {
      entries.delete(instanceId);
    },

    clear(): void {
      entries.clear();
    },
  };
};

export type LiveInstances = ReturnType<typeof liveInstances>;
