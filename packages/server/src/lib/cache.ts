import type { InvalidationBus, Topic } from './invalidation.js';

/**
 * What a cached lookup answers: the value itself when the cache holds it, else a promise of it. The
 * checks every request passes (token, tenant, grants) answer from memory almost always, and a chain of
 * promises there costs more than the checks themselves.
 */
export type Cached<T> = T | Promise<T>;

/** Applies `fn` to a cached answer: at once when it is there, once it has loaded when it is not. */
export const thenCached = <T, R>(value: Cached<T>, fn: (value: T) => Cached<R>): Cached<R> =>
  value instanceof Promise ? value.then(fn) : fn(value);

/** A small in-process cache: bounded (oldest entries go first) and with a time to live per entry. */
export class MemoryCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, ttlMs = this.ttlMs): void {
    if (ttlMs <= 0) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, until: this.now() + ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * A lookup by key that reads each key once (a miss included) until `topic` is published on the bus, by
 * this instance or another: for rows that change rarely and are read at every request of a kind.
 */
export const cachedLookup = <V>(
  bus: InvalidationBus,
  topic: Topic,
  load: (key: string) => Promise<V | undefined>,
  maxEntries = 1000,
): ((key: string) => Promise<V | null>) => {
  const values = new Map<string, V | null>();
  bus.on(topic, () => values.clear());
  return async (key) => {
    let value = values.get(key);
    if (value === undefined) {
      value = (await load(key)) ?? null;
      if (values.size >= maxEntries) values.clear();
      values.set(key, value);
    }
    return value;
  };
};
