import { defineModule } from '../module.js';
import { permissionRoutes } from './routes.js';

export default defineModule(({ route, ctx, permissions }) => {
  permissionRoutes(route, ctx, permissions);
});
