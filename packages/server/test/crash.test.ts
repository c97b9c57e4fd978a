import { describe, expect, it } from 'vitest';
import { crashRounds } from './crash-rounds.js';
import { DIALECTS, type Dialect } from './helper.js';

/*
 * kill -9 under write load, the short version CI runs (crash-rounds.ts; the bench runs twenty
 * kills): every write answered as done is there once, and the database passes its integrity check.
 */

const KILLS = 3;

describe.each(DIALECTS)('kill -9 under write load on %s', (dialect: Dialect) => {
  it(`loses no answered write over ${KILLS} kills`, async () => {
    const outcome = await crashRounds({ dialect, kills: KILLS });
    expect(outcome.broken).toEqual([]);
    expect(outcome.written).toBeGreaterThanOrEqual(KILLS * 10);
    expect(outcome.missing).toEqual([]);
    expect(outcome.duplicated).toEqual([]);
    expect(outcome.integrity).toBe('ok');
    // And the server starts on what the last kill left, and stops cleanly.
    expect(outcome.lastExitCode).toBe(0);
    // Four starts from source at 8–11 s each on two loaded cores.
  }, 150_000);
});
