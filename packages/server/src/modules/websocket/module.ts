import fastifyWebsocket from '@fastify/websocket';
import { WEBSOCKET_PATH, WS_MAX_MESSAGE_BYTES } from '@app/contract';
import { defineModule } from '../module.js';
import { webSocketHub, type WebSocketHub } from './hub.js';
import { webSocketRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open WebSocket connections; other modules push to users and tenants through it. */
    webSocket: WebSocketHub;
  }
}

/**
 * The console's WebSocket at `<base>infra/ws` (as the reference serves it, outside `/admin-api`):
 * the WebSocket 测试 page's messages, notices pushed by 通知公告, and the bell's unread count.
 */
export default defineModule(async ({ app, ctx, tokens, tenants, notify }) => {
  const hub = await webSocketHub(
    ctx,
    (user) => notify.unreadCount(user.tenantId, user.id, user.userType),
    app.log,
  );
  app.decorate('webSocket', hub);
  await app.register(fastifyWebsocket, {
    // A bigger frame closes the connection with 1009 before it is buffered.
    options: { maxPayload: WS_MAX_MESSAGE_BYTES },
    // Open connections would keep the server from closing: each is told why it ends (1001).
    preClose: async () => {
      await hub.close();
      app.websocketServer.close();
    },
  });
  webSocketRoutes(app, hub, { path: `${ctx.config.basePath}${WEBSOCKET_PATH.slice(1)}`, tokens, tenants });
});
