import { readFileSync } from 'node:fs';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ENGINE_RUNS, playRun, type RunStep } from './bpm-engine-runs.js';

/**
 * The executor against the bpmn-engine based one it replaced: every run of `bpm-engine-runs.ts` as that
 * engine played it (recorded at commit 0dddd25), step by step, and every run continued from each state
 * that engine stored (instances it left running go on under ours).
 */
const legacy = JSON.parse(
  readFileSync(new URL('./fixtures/bpmn/legacy-engine-runs.json', import.meta.url), 'utf8'),
) as { name: string; steps: RunStep[] }[];

interface LegacyState {
  engine: string;
  running: Record<string, { activityId: string; startTime: number }>;
}

/** A stored legacy state as if it had been stored now: its clock times move on by the time since. */
function storedNow(state: LegacyState): LegacyState {
  const storedAt = Math.max(0, ...Object.values(state.running).map((r) => r.startTime));
  const offset = Date.now() - storedAt;
  const engine = inflateRawSync(Buffer.from(state.engine, 'base64'))
    .toString('utf8')
    .replace(
      /"expireAt":"([^"]+)"/g,
      (_, at: string) => `"expireAt":"${new Date(Date.parse(at) + offset).toISOString()}"`,
    );
  return {
    ...state,
    engine: deflateRawSync(engine).toString('base64'),
    running: Object.fromEntries(
      Object.entries(state.running).map(([id, run]) => [id, { ...run, startTime: run.startTime + offset }]),
    ),
  };
}

describe('bpm engine: the same outcomes as the engine it replaced', () => {
  it('records every run', () => {
    expect(legacy.map((r) => r.name)).toEqual(ENGINE_RUNS.map((r) => r.name));
  });

  ENGINE_RUNS.forEach((run, n) => {
    const recorded = legacy[n]!.steps;
    it(run.name, async () => {
      const steps = await playRun(run, `differential-${n}`);
      expect(steps.map((s) => s.outcome)).toEqual(recorded.map((s) => s.outcome));
    });

    it(`${run.name}: continues from every state the old engine stored`, async () => {
      for (let k = 0; k < recorded.length - 1; k++) {
        const { state, ids } = recorded[k]!;
        const rest = await playRun(run, `legacy-${n + 1}`, {
          state: storedNow(state as LegacyState),
          step: k,
          ids,
        });
        expect(
          rest.map((s) => [
            s.outcome.status,
            s.outcome.endEventId,
            s.outcome.waiting,
            s.outcome.cancelled,
            s.outcome.variables,
          ]),
          `from step ${k}`,
        ).toEqual(
          recorded
            .slice(k + 1)
            .map((s) => [
              s.outcome.status,
              s.outcome.endEventId,
              s.outcome.waiting,
              s.outcome.cancelled,
              s.outcome.variables,
            ]),
        );
      }
    });
  });
});
