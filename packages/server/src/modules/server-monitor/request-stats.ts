/** Seconds of requests the figures cover. */
export const REQUEST_WINDOW_SECONDS = 60;
/** Latency buckets: bucket i holds times up to FIRST_BUCKET_MS × 2^(i/4) (about 19 % apart). */
const BUCKETS = 80;
const FIRST_BUCKET_MS = 0.05;

const bucketOf = (ms: number): number =>
  ms <= FIRST_BUCKET_MS ? 0 : Math.min(BUCKETS - 1, Math.ceil(4 * Math.log2(ms / FIRST_BUCKET_MS)));
const upperMs = (bucket: number): number => FIRST_BUCKET_MS * 2 ** (bucket / 4);

/**
 * Requests per second and the 95th percentile of their time over the last minute: one latency
 * histogram per second in a ring of typed arrays, so recording a request is a few array writes and
 * allocates nothing; reading sums the ring.
 */
export const requestStats = (now: () => number = Date.now) => {
  const counts = new Uint32Array(REQUEST_WINDOW_SECONDS * BUCKETS);
  /** The second each ring slot holds (a slot of an older second is cleared before reuse). */
  const seconds = new Float64Array(REQUEST_WINDOW_SECONDS).fill(-1);

  const slotFor = (second: number): number => {
    const slot = second % REQUEST_WINDOW_SECONDS;
    if (seconds[slot] !== second) {
      counts.fill(0, slot * BUCKETS, (slot + 1) * BUCKETS);
      seconds[slot] = second;
    }
    return slot;
  };

  return {
    record(ms: number): void {
      const slot = slotFor(Math.floor(now() / 1000));
      counts[slot * BUCKETS + bucketOf(ms)]!++;
    },

    read() {
      const current = Math.floor(now() / 1000);
      const merged = new Float64Array(BUCKETS);
      let requests = 0;
      for (let slot = 0; slot < REQUEST_WINDOW_SECONDS; slot++) {
        const second = seconds[slot]!;
        if (second < 0 || current - second >= REQUEST_WINDOW_SECONDS) continue;
        for (let b = 0; b < BUCKETS; b++) {
          const n = counts[slot * BUCKETS + b]!;
          merged[b]! += n;
          requests += n;
        }
      }
      let p95Ms: number | null = null;
      if (requests > 0) {
        const rank = Math.ceil(requests * 0.95);
        let seen = 0;
        for (let b = 0; b < BUCKETS; b++) {
          seen += merged[b]!;
          if (seen >= rank) {
            p95Ms = upperMs(b);
            break;
          }
        }
      }
      return {
        windowSeconds: REQUEST_WINDOW_SECONDS,
        requests,
        perSecond: requests / REQUEST_WINDOW_SECONDS,
        p95Ms,
      };
    },
  };
};
export type RequestStats = ReturnType<typeof requestStats>;
