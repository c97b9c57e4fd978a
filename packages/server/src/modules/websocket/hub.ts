import { randomUUID } from 'node:crypto';
import { WS_CLOSE, WS_MESSAGE_TYPE, type NoticePushMessage, type WsMessageType } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext, LoginUser } from '../../context.js';
import { withTenantScope } from '../../db/tenant-scope.js';

/** The part of a `ws` WebSocket this module uses (the package ships no types). */
export interface Socket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
}

const OPEN = 1;

export interface WebSocketOptions {
  /** A ping this often; a connection that did not answer the previous one is dropped. */
  heartbeatMs: number;
  /** Connections one user may hold on this instance; the oldest is closed beyond it. */
  maxPerUser: number;
  /** Frames a connection may send per second; beyond it the connection is closed. */
  maxMessagesPerSecond: number;
}

export const DEFAULT_WEBSOCKET_OPTIONS: WebSocketOptions = {
  heartbeatMs: 30_000,
  maxPerUser: 10,
  maxMessagesPerSecond: 20,
};

/** One open connection. */
export interface Session {
  socket: Socket;
  user: LoginUser;
  /** Digest of the access token it was opened with: revoking the token closes it. */
  digest: string;
  /** The unread count last sent, so an unchanged count is not sent again. */
  unread: number | null;
  alive: boolean;
  windowStart: number;
  windowCount: number;
  expiry: NodeJS.Timeout | null;
}

/** Who a message is for: a user of a tenant, or (no userId) everyone of the tenant connected. */
interface Target {
  tenantId: number;
  userId?: number;
}

/** The Redis channel instances share messages on. */
const CHANNEL = 'admin:websocket';
/** Coalesces the recounts a burst of unread changes asks for. */
const RECOUNT_DELAY_MS = 15;

const userKey = (tenantId: number, userId: number) => `${tenantId}:${userId}`;
const frameOf = (type: WsMessageType, content: string) => JSON.stringify({ type, content });

/**
 * The open connections of this instance and the delivery of messages to them. A message for a user
 * or a tenant is delivered to the connections here at once and, with Redis, published for the other
 * instances, which deliver it to theirs: a user connected to any instance receives it. Tenants are
 * part of every address, so nothing reaches another tenant's connections.
 */
export const webSocketHub = async (
  ctx: AppContext,
  countUnread: (user: LoginUser) => Promise<number>,
  log: FastifyBaseLogger,
  options: WebSocketOptions = DEFAULT_WEBSOCKET_OPTIONS,
) => {
  const byUser = new Map<string, Set<Session>>();
  const byTenant = new Map<number, Set<Session>>();
  const pending = new Set<string>();
  const origin = randomUUID();

  const send = (session: Session, frame: string) => {
    if (session.socket.readyState !== OPEN) return;
    try {
      session.socket.send(frame);
    } catch (error) {
      log.warn({ err: error }, 'websocket: send failed');
    }
  };

  const remove = (session: Session) => {
    if (session.expiry) clearTimeout(session.expiry);
    session.expiry = null;
    const key = userKey(session.user.tenantId, session.user.id);
    const own = byUser.get(key);
    own?.delete(session);
    if (own?.size === 0) byUser.delete(key);
    const tenant = byTenant.get(session.user.tenantId);
    tenant?.delete(session);
    if (tenant?.size === 0) byTenant.delete(session.user.tenantId);
  };

  const close = (session: Session, code: number, reason: string) => {
    remove(session);
    try {
      session.socket.close(code, reason);
    } catch {
      session.socket.terminate();
    }
  };

  const deliver = ({ tenantId, userId }: Target, frame: string) => {
    const sessions = userId === undefined ? byTenant.get(tenantId) : byUser.get(userKey(tenantId, userId));
    for (const session of sessions ?? []) send(session, frame);
  };

  const subscriber = ctx.redis?.duplicate() ?? null;
  if (subscriber) {
    subscriber.on('error', () => undefined); // a lost connection is logged by the main one (main.ts)
    await subscriber.subscribe(CHANNEL);
    subscriber.on('message', (_channel: string, message: string) => {
      try {
        const event = JSON.parse(message) as Target & { origin: string; frame: string };
        if (event.origin !== origin) deliver(event, event.frame);
      } catch (error) {
        log.warn({ err: error }, 'websocket: unreadable message on the channel');
      }
    });
  }

  const dispatch = async (target: Target, type: WsMessageType, content: string): Promise<void> => {
    const frame = frameOf(type, content);
    deliver(target, frame);
    if (!ctx.redis) return;
    try {
      await ctx.redis.publish(CHANNEL, JSON.stringify({ origin, ...target, frame }));
    } catch (error) {
      log.error({ err: error }, 'websocket: publishing to the other instances failed');
    }
  };

  const sendUnread = async (sessions: Iterable<Session>, user: LoginUser) => {
    try {
      // The change may come from a request of another tenant: count in the connection owner's.
      const count = await withTenantScope(user.tenantId, () => countUnread(user));
      for (const session of sessions) {
        if (session.unread === count) continue;
        session.unread = count;
        send(session, frameOf(WS_MESSAGE_TYPE.NOTIFY_UNREAD_COUNT, String(count)));
      }
    } catch (error) {
      log.error({ err: error }, 'websocket: unread recount failed');
    }
  };

  const scheduleRecount = (key: string) => {
    if (pending.has(key) || !byUser.has(key)) return;
    pending.add(key);
    setTimeout(() => {
      pending.delete(key);
      const sessions = byUser.get(key);
      const first = sessions?.values().next().value;
      if (sessions && first) void sendUnread(sessions, first.user);
    }, RECOUNT_DELAY_MS).unref();
  };

  // A change of a user's unread count, here or (through Redis) on another instance.
  ctx.bus.on('notify-unread', (key) => {
    if (key) scheduleRecount(key);
    else for (const k of byUser.keys()) scheduleRecount(k);
  });
  // A revoked token (sign-out, refresh, 强退) ends the connections it opened.
  ctx.bus.on('token', (digest) => {
    for (const sessions of [...byUser.values()])
      for (const session of [...sessions])
        if (!digest || session.digest === digest) close(session, WS_CLOSE.TOKEN_INVALID, 'token revoked');
  });

  const heartbeat = setInterval(() => {
    for (const sessions of byUser.values())
      for (const session of sessions) {
        if (!session.alive) {
          remove(session);
          session.socket.terminate();
          continue;
        }
        session.alive = false;
        session.socket.ping();
      }
  }, options.heartbeatMs).unref();

  return {
    /** Registers an open connection of `user`; `expiresTime` is when its access token expires. */
    add(socket: Socket, user: LoginUser, digest: string, expiresTime: number): Session {
      const session: Session = {
        socket,
        user,
        digest,
        unread: null,
        alive: true,
        windowStart: 0,
        windowCount: 0,
        expiry: null,
      };
      const key = userKey(user.tenantId, user.id);
      const own = byUser.get(key) ?? new Set<Session>();
      byUser.set(key, own);
      own.add(session);
      const tenant = byTenant.get(user.tenantId) ?? new Set<Session>();
      byTenant.set(user.tenantId, tenant);
      tenant.add(session);
      if (own.size > options.maxPerUser)
        close(own.values().next().value!, WS_CLOSE.TOO_MANY_CONNECTIONS, 'too many connections');
      // An expired token keeps no connection open; the client renews it and connects again.
      const left = Math.min(Math.max(expiresTime - ctx.now(), 0), 2 ** 31 - 1);
      session.expiry = setTimeout(
        () => close(session, WS_CLOSE.TOKEN_INVALID, 'token expired'),
        left,
      ).unref();
      void sendUnread([session], user);
      return session;
    },

    remove,

    /** Counts a frame received; false (and the connection closed) when it sends too many. */
    allow(session: Session): boolean {
      const now = Date.now();
      if (now - session.windowStart >= 1000) {
        session.windowStart = now;
        session.windowCount = 0;
      }
      session.windowCount += 1;
      if (session.windowCount <= options.maxMessagesPerSecond) return true;
      close(session, WS_CLOSE.TOO_MANY_MESSAGES, 'too many messages');
      return false;
    },

    /** A pong arrived: the connection is alive. */
    alive(session: Session): void {
      session.alive = true;
    },

    send,

    /** To every connection of one user of the tenant, on any instance. */
    sendToUser: (tenantId: number, userId: number, type: WsMessageType, content: string) =>
      dispatch({ tenantId, userId }, type, content),

    /** To every connection of the tenant, on any instance. */
    sendToTenant: (tenantId: number, type: WsMessageType, content: string) =>
      dispatch({ tenantId }, type, content),

    /** 通知公告 › 推送: the notice to everyone of its tenant. */
    pushNotice: (tenantId: number, notice: NoticePushMessage) =>
      dispatch({ tenantId }, WS_MESSAGE_TYPE.NOTICE_PUSH, JSON.stringify(notice)),

    /** Open connections on this instance (tests, metrics). */
    size: (): number => [...byUser.values()].reduce((n, sessions) => n + sessions.size, 0),

    /** Closes every connection and leaves the channel (server shutdown). */
    async close(): Promise<void> {
      clearInterval(heartbeat);
      for (const sessions of [...byUser.values()])
        for (const session of [...sessions]) close(session, 1001, 'server shutting down');
      subscriber?.disconnect();
    },
  };
};
export type WebSocketHub = Awaited<ReturnType<typeof webSocketHub>>;
