import { defineModule } from '../module.js';
import { captchaRoutes } from './routes.js';
import { captchaService } from './service.js';

export default defineModule(({ route, ctx }) => {
  captchaRoutes(route, captchaService(ctx), ctx.config.captchaEnabled);
});
