/**
 * bpmn-elements' timers interface, without real timeouts: a step never waits for a clock. Timers set during
 * a step are only recorded (the caller stores them as jobs); `fireDue` runs the ones that are due. A timer
 * whose expireAt has already passed when an instance is recovered completes by itself during resume.
 */
interface TimerOwner {
  id?: string;
  executionId?: string;
  expireAt?: Date | string | number;
}

export interface StepTimer {
  readonly ref: number;
  readonly owner: TimerOwner | null;
  readonly expireAt: number;
  readonly callback: (...args: unknown[]) => void;
  readonly args: unknown[];
  /** bpmn-elements reads and clears this field when it stops a timer. */
  timerRef: unknown;
}

export class StepTimers {
  private readonly pending = new Map<number, StepTimer>();
  private count = 0;

  get executing(): StepTimer[] {
    return [...this.pending.values()];
  }

  register(owner: TimerOwner) {
    return {
      setTimeout: (callback: StepTimer['callback'], delay: number, ...args: unknown[]) =>
        this.add(owner, callback, delay, args),
      clearTimeout: (timer: StepTimer | undefined) => this.clearTimeout(timer),
    };
  }

  setTimeout = (callback: StepTimer['callback'], delay: number, ...args: unknown[]): StepTimer =>
    this.add(null, callback, delay, args);

  clearTimeout = (timer: StepTimer | undefined): undefined => {
    if (timer) this.pending.delete(timer.ref);
    return undefined;
  };

  private add(
    owner: TimerOwner | null,
    callback: StepTimer['callback'],
    delay: number,
    args: unknown[],
  ): StepTimer {
    const expireAt = owner?.expireAt !== undefined ? new Date(owner.expireAt).getTime() : Date.now() + delay;
    const timer: StepTimer = { ref: this.count++, owner, expireAt, callback, args, timerRef: null };
    this.pending.set(timer.ref, timer);
    return timer;
  }

  /** Runs the timers due at `now` (timers set while firing run too, when due); returns how many fired. */
  fireDue(now: number): number {
    let fired = 0;
    // A cycle timer re-arms itself; the bound keeps a broken diagram from spinning forever.
    for (let round = 0; round < 100; round++) {
      const due = [...this.pending.values()].filter((t) => t.expireAt <= now);
      if (!due.length) break;
      for (const timer of due) {
        if (!this.pending.delete(timer.ref)) continue;
        timer.callback(...timer.args);
        fired++;
      }
    }
    return fired;
  }
}
