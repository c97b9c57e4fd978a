import type { WsEnvelope } from '@app/contract';
import { WEBSOCKET_PATH, WS_CLOSE, WS_MESSAGE_TYPE, WS_PING } from '@app/contract';
import { getAccessToken } from '../../shared/auth/storage';
import { BASE_URL } from '../../shared/config';
import { refreshAccessToken } from '../../shared/request';
import { openUnreadCountStream } from './unread-stream';

/** The client's heartbeat keeps proxies from closing an idle connection. */
const PING_INTERVAL_MS = 30_000;
/** Waits before reconnecting after an open connection ended, doubling up to the last. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 60_000;

/** `ws(s)://<host><base>infra/ws?token=…`: the console's WebSocket, beside the app (the reference's address). */
export const webSocketUrl = (token: string): string => {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}${BASE_URL}${WEBSOCKET_PATH.slice(1)}?token=${encodeURIComponent(token)}`;
};

const countOf = (data: unknown): number | null => {
  if (typeof data !== 'string' || !data.startsWith('{')) return null;
  try {
    const { type, content } = JSON.parse(data) as WsEnvelope;
    const count = Number(content);
    return type === WS_MESSAGE_TYPE.NOTIFY_UNREAD_COUNT && Number.isInteger(count) ? count : null;
  } catch {
    return null;
  }
};

/**
 * Follows the signed-in user's unread count: over the console's WebSocket (`notify-unread-count`
 * frames) where the browser has one and the server accepts it, otherwise over the unread-count event
 * stream. A connection refused before it opened (a proxy without WebSocket, an expired token) falls
 * back to the stream, which renews tokens itself; one the server closed for its token reconnects
 * with the token renewed (by the request layer meanwhile, or here); one that dropped reconnects.
 * Returns the function that stops it.
 */
export function openUnreadCountChannel(onCount: (count: number) => void): () => void {
  if (typeof WebSocket !== 'function') return openUnreadCountStream(onCount);
  let stopped = false;
  let socket: WebSocket | null = null;
  let stopStream: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;

  const fallBack = () => {
    if (!stopped) stopStream = openUnreadCountStream(onCount);
  };

  const connect = () => {
    timer = null;
    const token = getAccessToken();
    if (stopped || !token) return;
    const ws = new WebSocket(webSocketUrl(token));
    socket = ws;
    let opened = false;
    let ping: ReturnType<typeof setInterval> | undefined;
    ws.onopen = () => {
      opened = true;
      failures = 0;
      ping = setInterval(() => ws.send(WS_PING), PING_INTERVAL_MS);
    };
    ws.onmessage = (event: MessageEvent) => {
      const count = countOf(event.data);
      if (count !== null) onCount(count);
    };
    ws.onclose = (event: CloseEvent) => {
      clearInterval(ping);
      socket = null;
      if (stopped) return;
      if (!opened) return fallBack();
      if (event.code === WS_CLOSE.TOKEN_INVALID) {
        // Renewed by someone else already (the old token was revoked): connect with the new one.
        if (getAccessToken() !== token) return connect();
        return void refreshAccessToken().then(connect, () => undefined);
      }
      failures += 1;
      timer = setTimeout(connect, Math.min(RETRY_FIRST_MS * 2 ** (failures - 1), RETRY_MAX_MS));
    };
  };

  connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    socket?.close(1000);
    stopStream?.();
  };
}
