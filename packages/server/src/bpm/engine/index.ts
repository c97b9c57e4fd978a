/** The workflow engine: our interface over bpmn-engine (see types.ts for the step contract). */
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
export { start, completeTask, fireDueTimers, jump } from './runner.js';
