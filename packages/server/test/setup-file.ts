import { vi } from 'vitest';

/**
 * The server project runs its files one after another in the same worker (`isolate: false`): the
 * packages (Fastify, pg, Kysely, bpmn-moddle…) load once per worker instead of once per file. Each
 * file still starts from what a worker of its own would give it: the server's and the tests' own
 * modules load anew (their caches and counters start empty), and the environment variables are
 * those the worker started with (a file may set some at its top).
 */
const state = globalThis as { __serverTestEnv?: NodeJS.ProcessEnv };
state.__serverTestEnv ??= { ...process.env };
const startEnv = state.__serverTestEnv;
for (const key of Object.keys(process.env)) if (!(key in startEnv)) delete process.env[key];
Object.assign(process.env, startEnv);

vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
