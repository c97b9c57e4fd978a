import { defineModule } from '../module.js';
import { deleteEndedWindows } from '../../lib/login-throttle.js';
import { authRoutes } from './routes.js';
import { authService } from './service.js';
import { tokenRepository } from './token-repository.js';

export default defineModule(({ route, ctx, tokens, jobHandlers }) => {
  authRoutes(route, authService(ctx, tokens), tokens);

  // Expired rows are refused anyway; these jobs keep the tables from growing (seeded paused).
  jobHandlers.register('oauth2TokenCleanJob', async () => {
    const { access, refresh } = await tokenRepository(ctx.db.kysely).deleteExpired(ctx.now());
    return `清理过期的访问令牌 ${access} 个、刷新令牌 ${refresh} 个`;
  });
  jobHandlers.register('loginFailureCleanJob', async () => {
    const count = await deleteEndedWindows(ctx.db.kysely, ctx.now());
    return `清理已结束的登录失败记录 ${count} 条`;
  });
});
