import { defineModule } from '../module.js';
import { postRoutes } from './routes.js';
import { postService } from './service.js';

export default defineModule(({ route, ctx }) => {
  postRoutes(route, postService(ctx));
});
