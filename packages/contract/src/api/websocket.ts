import { z } from 'zod';

/**
 * The console's WebSocket (基础设施 › WebSocket 测试, and the bell's unread count). Not an endpoint
 * of `/admin-api`: the client connects to `<base>infra/ws?token=<access token>` as the reference's
 * does. Every frame is a JSON envelope `{type, content}` whose `content` is itself a JSON string,
 * except the plain-text heartbeat `ping`, answered with `pong`.
 */
export const WEBSOCKET_PATH = '/infra/ws';

export const WS_PING = 'ping';
export const WS_PONG = 'pong';

export const WS_MESSAGE_TYPE = {
  /** Client → server: `{text, toUserId?}`; without toUserId, to everyone of the sender's tenant. */
  DEMO_MESSAGE_SEND: 'demo-message-send',
  /** Server → client: `{fromUserId, text, single}`. */
  DEMO_MESSAGE_RECEIVE: 'demo-message-receive',
  /** Server → client, to every user of the tenant when a notice is pushed (通知公告 › 推送). */
  NOTICE_PUSH: 'notice-push',
  /** Server → client (ours, not the reference's): the user's unread in-site message count, e.g. '3'. */
  NOTIFY_UNREAD_COUNT: 'notify-unread-count',
} as const;
export type WsMessageType = (typeof WS_MESSAGE_TYPE)[keyof typeof WS_MESSAGE_TYPE];

/** Close codes the server uses besides the standard ones (1001 going away, 1009 message too big). */
export const WS_CLOSE = {
  /** The access token expired or was revoked (sign-out, 强退): renew it and connect again. */
  TOKEN_INVALID: 4001,
  /** More messages than allowed in a short time. */
  TOO_MANY_MESSAGES: 4008,
  /** The user opened more connections than allowed; the oldest is closed. */
  TOO_MANY_CONNECTIONS: 4009,
} as const;

/** The largest frame the server reads; a bigger one closes the connection with 1009. */
export const WS_MAX_MESSAGE_BYTES = 64 * 1024;

/** Every frame but ping/pong. */
export const wsEnvelope = z.object({ type: z.string().min(1).max(64), content: z.string() });
export type WsEnvelope = z.output<typeof wsEnvelope>;

/** demo-message-send's content. The reference's page sends '' as toUserId for 所有人. */
export const demoMessageSend = z.object({
  text: z.string().min(1).max(10_000),
  toUserId: z
    .union([z.literal(''), z.null(), z.coerce.number().int().positive()])
    .optional()
    .transform((v) => (typeof v === 'number' ? v : null)),
});
export type DemoMessageSend = z.input<typeof demoMessageSend>;

/** demo-message-receive's content. */
export interface DemoMessageReceive {
  fromUserId: number;
  text: string;
  /** True when sent to this user alone, false for a message to everyone. */
  single: boolean;
}

/** notice-push's content: the pushed notice. */
export interface NoticePushMessage {
  id: number;
  title: string;
  /** Dictionary `system_notice_type`. */
  type: number;
  content: string;
}
