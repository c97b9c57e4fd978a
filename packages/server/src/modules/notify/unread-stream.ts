import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { AppContext, LoginUser } from '../../context.js';
import { withTenantScope } from '../../db/tenant-scope.js';
import { digestToken } from '../../lib/crypto.js';
import { unreadKey } from './service.js';

export interface UnreadStreamOptions {
  /** A `:` comment this often keeps proxies and load balancers from closing an idle stream. */
  heartbeatMs: number;
  /**
   * A stream ends after this long; the client reconnects and is authenticated again, so an expired
   * or revoked token never keeps a stream open for long.
   */
  maxLifetimeMs: number;
  /** Streams one user may hold open on this instance; the oldest is closed beyond it. */
  maxPerUser: number;
}

export const DEFAULT_UNREAD_STREAM_OPTIONS: UnreadStreamOptions = {
  heartbeatMs: 25_000,
  maxLifetimeMs: 15 * 60_000,
  maxPerUser: 8,
};

interface Client {
  key: string;
  digest: string | null;
  res: ServerResponse;
  last: number | null;
  timers: NodeJS.Timeout[];
  closed: boolean;
}

/** Coalesces the recounts a burst of changes asks for. */
const RECOUNT_DELAY_MS = 15;

/**
 * Open unread-count streams (server-sent events) on this instance. A change to a user's unread count
 * arrives on the bus ('notify-unread', from this instance or, through Redis, from another); every
 * stream of that user then recounts and sends `{"unreadCount":N}` when the number changed.
 */
export const unreadStreamHub = (
  ctx: AppContext,
  countUnread: (user: LoginUser) => Promise<number>,
  log: FastifyBaseLogger,
  options: UnreadStreamOptions = DEFAULT_UNREAD_STREAM_OPTIONS,
) => {
  const clients = new Map<string, Set<Client>>();
  const users = new Map<string, LoginUser>();
  const pending = new Set<string>();

  const write = (client: Client, chunk: string) => {
    if (!client.closed) client.res.write(chunk);
  };

  const close = (client: Client) => {
    if (client.closed) return;
    client.closed = true;
    client.timers.forEach(clearTimeout);
    const set = clients.get(client.key);
    set?.delete(client);
    if (set?.size === 0) {
      clients.delete(client.key);
      users.delete(client.key);
    }
    if (!client.res.writableEnded) client.res.end();
  };

  const send = (client: Client, count: number) => {
    if (client.last === count) return;
    client.last = count;
    write(client, `data: ${JSON.stringify({ unreadCount: count })}\n\n`);
  };

  const recount = async (key: string) => {
    const set = clients.get(key);
    const user = users.get(key);
    if (!set || !user) return;
    try {
      // The change may come from a request of another tenant: count in the stream owner's.
      const count = await withTenantScope(user.tenantId, () => countUnread(user));
      for (const client of set) send(client, count);
    } catch (error) {
      log.error({ err: error }, 'unread count stream: recount failed');
    }
  };

  const schedule = (key: string) => {
    if (pending.has(key) || !clients.has(key)) return;
    pending.add(key);
    setTimeout(() => {
      pending.delete(key);
      void recount(key);
    }, RECOUNT_DELAY_MS).unref();
  };

  ctx.bus.on('notify-unread', (key) => {
    if (key) schedule(key);
    else for (const k of clients.keys()) schedule(k);
  });
  // A revoked token (sign-out, refresh) ends the streams it opened.
  ctx.bus.on('token', (digest) => {
    for (const set of clients.values())
      for (const client of [...set]) if (!digest || client.digest === digest) close(client);
  });

  return {
    /** Takes over the reply and keeps it open as an event stream of `user`'s unread count. */
    async open(user: LoginUser, bearerToken: string | null, reply: FastifyReply): Promise<void> {
      const count = await countUnread(user);
      const key = unreadKey(user.tenantId, user.id);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Tell nginx-style proxies not to buffer the stream.
        'x-accel-buffering': 'no',
      });
      const client: Client = {
        key,
        digest: bearerToken ? digestToken(bearerToken) : null,
        res,
        last: null,
        timers: [],
        closed: false,
      };
      const set = clients.get(key) ?? new Set<Client>();
      clients.set(key, set);
      users.set(key, user);
      set.add(client);
      if (set.size > options.maxPerUser) close(set.values().next().value!);

      client.timers.push(
        setInterval(() => write(client, ': heartbeat\n\n'), options.heartbeatMs).unref(),
        setTimeout(() => close(client), options.maxLifetimeMs).unref(),
      );
      res.on('close', () => close(client));
      res.on('error', () => close(client));
      write(client, 'retry: 5000\n\n');
      send(client, count);
    },

    /** Open streams on this instance (tests, metrics). */
    size: (): number => [...clients.values()].reduce((n, set) => n + set.size, 0),

    /** Ends every stream (server shutdown). */
    closeAll(): void {
      for (const set of [...clients.values()]) for (const client of [...set]) close(client);
    },
  };
};
export type UnreadStreamHub = ReturnType<typeof unreadStreamHub>;
