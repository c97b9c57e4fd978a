import { defineModule } from '../module.js';
import { profileRoutes } from './routes.js';
import { profileService } from './service.js';

export default defineModule(({ route, ctx, files }) => {
  profileRoutes(route, profileService(ctx, files));
});
