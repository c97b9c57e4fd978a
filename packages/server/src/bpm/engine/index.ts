/** The workflow engine: our own BPMN executor (see types.ts for the step contract, executor.ts for the semantics). */
export type * from './types.js';
export { BpmnCompileError, EngineStepError, type EngineErrorKind } from './errors.js';
export { compileProcess, readProcessOutline, clearDefinitionCache } from './definition.js';
export {
  ExpressionError,
  evaluateCondition,
  evaluateTemplate,
  parseTemplate,
  type Scope,
} from './expression.js';
export { registerListenerHandler, unregisterListenerHandler } from './listeners.js';
export { start, completeTask, completeCall, fireDueTimers, jump } from './executor.js';
