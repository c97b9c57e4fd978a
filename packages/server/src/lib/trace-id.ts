import { randomBytes } from 'node:crypto';

/**
 * Request ids that are also the trace id of the request's log rows (access, error, operate and
 * login log) and of its server log lines, so that each of them leads to the others. They take the form of a W3C
 * trace id (32 hex digits): a random half drawn once per process, so that no two processes (a
 * restart, a second instance) share ids, and a counter, because a random id per request cost more
 * than the rest of the access log's row.
 */
export const traceIds = (): (() => string) => {
  const processPart = randomBytes(8).toString('hex');
  let counter = 0;
  return () => processPart + (++counter).toString(16).padStart(16, '0');
};
