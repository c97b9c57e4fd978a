import { defineModule } from '../module.js';
import { codegenRoutes } from './routes.js';
import { codegenService } from './service.js';

export default defineModule(({ route, ctx, dataSources }) => {
  codegenRoutes(route, codegenService(ctx, dataSources));
});
