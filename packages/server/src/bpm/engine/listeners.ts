import type { ListenerHandler } from './types.js';

/**
 * The allow-list of listener handlers. A diagram's execution or task listener runs only when its `class`,
 * or the name inside its `${...}` expression / delegateExpression, is registered here; compileProcess
 * refuses every other listener, and no class name or script from a diagram is ever executed.
 */
const handlers = new Map<string, ListenerHandler>();

/** Registers a named TypeScript handler (e.g. at start-up by the module that owns it). */
export function registerListenerHandler(name: string, handler: ListenerHandler): void {
  handlers.set(name, handler);
}

export function unregisterListenerHandler(name: string): void {
  handlers.delete(name);
}

export function getListenerHandler(name: string): ListenerHandler | undefined {
  return handlers.get(name);
}

/**
 * The handler name a listener refers to: the `class` as written, or `name` for an expression or
 * delegateExpression written `${name}` (a dotted name is allowed). Null when it names nothing usable.
 */
export function listenerHandlerName(listener: {
  class?: string;
  expression?: string;
  delegateExpression?: string;
}): string | null {
  if (listener.class) return listener.class.trim();
  const expression = listener.delegateExpression ?? listener.expression;
  const match = expression
    ? /^\s*\$\{\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*\}\s*$/.exec(expression)
    : null;
  return match ? (match[1] as string) : null;
}
