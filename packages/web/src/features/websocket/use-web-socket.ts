import type { DemoMessageReceive, DemoMessageSend, NoticePushMessage, WsEnvelope } from '@app/contract';
import { WS_CLOSE, WS_MESSAGE_TYPE, WS_PING } from '@app/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getAccessToken } from '../../shared/auth/storage';
import { webSocketUrl } from '../../layout/notify-bell/unread-channel';
import { refreshAccessToken } from '../../shared/request';

/** The client's heartbeat, as the reference's page sends it. */
const PING_INTERVAL_MS = 30_000;

export type SocketStatus = 'connecting' | 'open' | 'closed';

/** One message shown in the list. */
export interface ReceivedMessage {
  key: number;
  time: number;
  kind: 'single' | 'broadcast' | 'notice';
  /** The sender of a demo message. */
  fromUserId?: number;
  /** The text of a demo message, the title of a pushed notice. */
  text: string;
}

const parse = (data: unknown): WsEnvelope | null => {
  if (typeof data !== 'string' || !data.startsWith('{')) return null;
  try {
    return JSON.parse(data) as WsEnvelope;
  } catch {
    return null;
  }
};

/** The message an envelope shows as, or null for the ones this page does not show. */
const toMessage = (envelope: WsEnvelope, key: number): ReceivedMessage | null => {
  try {
    if (envelope.type === WS_MESSAGE_TYPE.DEMO_MESSAGE_RECEIVE) {
      const { fromUserId, text, single } = JSON.parse(envelope.content) as DemoMessageReceive;
      return { key, time: Date.now(), kind: single ? 'single' : 'broadcast', fromUserId, text };
    }
    if (envelope.type === WS_MESSAGE_TYPE.NOTICE_PUSH) {
      const { title } = JSON.parse(envelope.content) as NoticePushMessage;
      return { key, time: Date.now(), kind: 'notice', text: title };
    }
  } catch {
    // A malformed content is not shown.
  }
  return null;
};

/**
 * The page's own connection: opened on mount and by 连接, closed by 断开 and on unmount. A refused
 * connection or an expired token renews the access token once and tries again.
 */
export function useWebSocket() {
  const [status, setStatus] = useState<SocketStatus>('closed');
  const [messages, setMessages] = useState<ReceivedMessage[]>([]);
  const socket = useRef<WebSocket | null>(null);
  const nextKey = useRef(1);

  const disconnect = useCallback(() => {
    const current = socket.current;
    socket.current = null;
    current?.close(1000);
    setStatus('closed');
  }, []);

  const connect = useCallback(() => {
    let renewed = false;
    const open = () => {
      const token = getAccessToken();
      if (!token || typeof WebSocket !== 'function') return setStatus('closed');
      socket.current?.close(1000);
      const ws = new WebSocket(webSocketUrl(token));
      socket.current = ws;
      setStatus('connecting');
      let opened = false;
      let ping: ReturnType<typeof setInterval> | undefined;
      ws.onopen = () => {
        opened = true;
        setStatus('open');
        ping = setInterval(() => ws.send(WS_PING), PING_INTERVAL_MS);
      };
      ws.onmessage = (event: MessageEvent) => {
        const envelope = parse(event.data);
        const message = envelope && toMessage(envelope, nextKey.current);
        if (!message) return;
        nextKey.current += 1;
        setMessages((list) => [message, ...list]);
      };
      ws.onclose = (event: CloseEvent) => {
        clearInterval(ping);
        if (socket.current !== ws) return;
        socket.current = null;
        setStatus('closed');
        // Refused before opening (an expired token looks the same) or closed for the token: renew
        // it once, unless the request layer did meanwhile.
        if (!renewed && (!opened || event.code === WS_CLOSE.TOKEN_INVALID)) {
          renewed = true;
          if (getAccessToken() !== token) open();
          else refreshAccessToken().then(open, () => undefined);
        }
      };
    };
    open();
  }, []);

  const send = useCallback((text: string, toUserId: number | null) => {
    const content: DemoMessageSend = { text, ...(toUserId !== null ? { toUserId } : {}) };
    const ws = socket.current;
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify({ type: WS_MESSAGE_TYPE.DEMO_MESSAGE_SEND, content: JSON.stringify(content) }));
    return true;
  }, []);

  useEffect(() => {
    connect();
    return () => {
      const current = socket.current;
      socket.current = null;
      current?.close(1000);
    };
  }, [connect]);

  return { status, messages, connect, disconnect, send, clear: () => setMessages([]) };
}
