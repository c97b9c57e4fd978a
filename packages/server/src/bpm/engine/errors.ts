/** A diagram the engine cannot run; `problems` are Chinese texts, one per problem. */
export class BpmnCompileError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(problems.join('；'));
    this.name = 'BpmnCompileError';
    this.problems = problems;
  }
}

/**
 * Why a step was refused or failed; nothing of the step is kept. Suggested error codes of the reference:
 * - `expression`, `engine`, `definition`: 1_009_004_003 (流程执行失败，原因：{message})
 * - `task-not-waiting`: 1_009_005_000 (the task is no longer waiting, e.g. a due timer ended it first)
 * - `target-not-found`: 1_009_005_004; `target-invalid`: 1_009_005_006
 * - `no-loop-users`: 1_009_006_003 (a multi-instance task without collection got no users)
 */
export type EngineErrorKind =
  | 'expression'
  | 'engine'
  | 'definition'
  | 'task-not-waiting'
  | 'target-not-found'
  | 'target-invalid'
  | 'no-loop-users';

export class EngineStepError extends Error {
  readonly kind: EngineErrorKind;

  constructor(kind: EngineErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EngineStepError';
    this.kind = kind;
  }
}
