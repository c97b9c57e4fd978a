export { isSessionLoaded, useSessionStore } from './session-store';
export type { SessionUser } from './session-store';
export { loadSession } from './load-session';
