import { defineModule } from '../module.js';
import { noticeRoutes } from './routes.js';
import { noticeService } from './service.js';

export default defineModule(({ route, ctx, notify }) => {
  noticeRoutes(route, noticeService(ctx, notify));
});
