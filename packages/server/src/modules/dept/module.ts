import { defineModule } from '../module.js';
import { deptRoutes } from './routes.js';
import { deptService } from './service.js';

export default defineModule(({ route, ctx }) => {
  deptRoutes(route, deptService(ctx));
});
