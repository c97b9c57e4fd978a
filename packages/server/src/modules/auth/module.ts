import { defineModule } from '../module.js';
import { authRoutes } from './routes.js';
import { authService } from './service.js';

export default defineModule(({ route, ctx, tokens }) => {
  authRoutes(route, authService(ctx, tokens), tokens);
});
