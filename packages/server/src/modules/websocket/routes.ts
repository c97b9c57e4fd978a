import {
  demoMessageSend,
  GlobalError,
  OAUTH2_DEFAULT_CLIENT_ID,
  WS_MESSAGE_TYPE,
  WS_PING,
  WS_PONG,
  wsEnvelope,
  type DemoMessageReceive,
} from '@app/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LoginUser } from '../../context.js';
import { digestToken } from '../../lib/crypto.js';
import { ServiceError } from '../../lib/errors.js';
import type { TokenService } from '../auth/token-service.js';
import type { TenantService } from '../tenant/service.js';
import type { Session, Socket, WebSocketHub } from './hub.js';

/** What a connection's events hand over (`ws`'s own signatures). */
interface SocketEvents {
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): void;
  on(event: 'pong' | 'close', listener: () => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
}

interface Caller {
  user: LoginUser;
  digest: string;
  expiresTime: number;
}

const refuse = (reply: FastifyReply, status: number, code: number, msg: string) =>
  reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ code, msg, data: null }));

const textOf = (data: Buffer | ArrayBuffer | Buffer[]): string =>
  Array.isArray(data)
    ? Buffer.concat(data).toString('utf8')
    : Buffer.from(data as ArrayBuffer).toString('utf8');

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * `GET <base>infra/ws?token=<access token>`: the upgrade is refused (HTTP 401, before any upgrade)
 * without a valid access token of the console, and with 403 when the token's tenant is disabled or
 * expired. The tenant is the token's: a connection sees its own tenant's messages only.
 */
export const webSocketRoutes = (
  app: FastifyInstance,
  hub: WebSocketHub,
  deps: { path: string; tokens: TokenService; tenants: TenantService },
): void => {
  const callers = new WeakMap<FastifyRequest, Caller>();

  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    const { token } = request.query as { token?: unknown };
    const user = typeof token === 'string' && token ? await deps.tokens.checkAccessToken(token) : null;
    // Third-party clients' tokens reach only the endpoints of their scopes, as in the API.
    if (!user || user.clientId !== OAUTH2_DEFAULT_CLIENT_ID || typeof token !== 'string')
      return refuse(reply, 401, GlobalError.UNAUTHORIZED.code, GlobalError.UNAUTHORIZED.msg);
    try {
      await deps.tenants.validTenant(user.tenantId);
      const { expiresTime } = await deps.tokens.inspectAccessToken(token);
      callers.set(request, { user, digest: digestToken(token), expiresTime });
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      const status = error.code === GlobalError.UNAUTHORIZED.code ? 401 : 403;
      return refuse(reply, status, error.code, error.message);
    }
  };

  const onDemoMessage = async (session: Session, content: string) => {
    const parsed = demoMessageSend.safeParse(parseJson(content));
    if (!parsed.success) return;
    const { text, toUserId } = parsed.data;
    const { tenantId, id: fromUserId } = session.user;
    const message: DemoMessageReceive = { fromUserId, text, single: toUserId !== null };
    const body = JSON.stringify(message);
    await (toUserId === null
      ? hub.sendToTenant(tenantId, WS_MESSAGE_TYPE.DEMO_MESSAGE_RECEIVE, body)
      : hub.sendToUser(tenantId, toUserId, WS_MESSAGE_TYPE.DEMO_MESSAGE_RECEIVE, body));
  };

  const onFrame = async (session: Session, text: string) => {
    if (text === WS_PING) return hub.send(session, WS_PONG);
    const envelope = wsEnvelope.safeParse(parseJson(text));
    // Frames of unknown types or shapes are ignored, as the reference does.
    if (envelope.success && envelope.data.type === WS_MESSAGE_TYPE.DEMO_MESSAGE_SEND)
      await onDemoMessage(session, envelope.data.content);
  };

  app.get(
    deps.path,
    { websocket: true, onRequest: authenticate },
    (socket: Socket & SocketEvents, request) => {
      const caller = callers.get(request);
      if (!caller) return socket.close(1011, 'unauthenticated');
      const session = hub.add(socket, caller.user, caller.digest, caller.expiresTime);
      socket.on('message', (data, isBinary) => {
        if (!hub.allow(session) || isBinary) return;
        onFrame(session, textOf(data)).catch((error: unknown) =>
          request.log.error({ err: error }, 'websocket: message failed'),
        );
      });
      socket.on('pong', () => hub.alive(session));
      socket.on('close', () => hub.remove(session));
      socket.on('error', () => hub.remove(session));
    },
  );
};
