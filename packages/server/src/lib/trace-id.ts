import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** A W3C `traceparent` of version 00: version, trace id, parent id, flags. */
const TRACEPARENT = /^00-([\da-f]{32})-([\da-f]{16})-[\da-f]{2}$/;
/** All-zero ids are invalid, and a header holding one is ignored (W3C Trace Context, 3.2.2). */
const isZero = (hex: string) => /^0+$/.test(hex);

/**
 * Request ids that are also the trace id of the request's log rows (access, error, operate and
 * login log) and of its server log lines, so that each of them leads to the others. They take the form of a W3C
 * trace id (32 hex digits). A request that arrives with a valid `traceparent` (a traced client, or a
 * proxy or gateway in front) keeps that trace's id, so its rows join the rest of the trace. Otherwise:
 * a random half drawn once per process, so that no two processes (a restart, a second instance)
 * share ids, and a counter, because a random id per request cost more than the rest of the access
 * log's row.
 */
export const traceIds = (): ((request: { headers: IncomingHttpHeaders }) => string) => {
  const processPart = randomBytes(8).toString('hex');
  let counter = 0;
  return ({ headers }) => {
    const header = headers.traceparent;
    const traced = typeof header === 'string' ? TRACEPARENT.exec(header.trim()) : null;
    if (traced && !isZero(traced[1]!) && !isZero(traced[2]!)) return traced[1]!;
    return processPart + (++counter).toString(16).padStart(16, '0');
  };
};
