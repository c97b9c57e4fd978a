import { defineModule } from '../module.js';
import { dataSourceRoutes } from './routes.js';
import { dataSourceService } from './service.js';

export default defineModule(({ route, ctx }) => {
  dataSourceRoutes(route, dataSourceService(ctx));
});
