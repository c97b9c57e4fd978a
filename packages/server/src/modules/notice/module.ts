import type { Notice } from '@app/contract';
import { defineModule } from '../module.js';
import { noticeRoutes } from './routes.js';
import { noticeService } from './service.js';

export default defineModule(({ app, route, ctx, notify }) => {
  const pushed = (tenantId: number, { id, title, type, content }: Notice) =>
    app.webSocket.pushNotice(tenantId, { id, title, type, content });
  noticeRoutes(route, noticeService(ctx, notify, pushed));
});
