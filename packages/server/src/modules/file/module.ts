import { defineModule } from '../module.js';
import { fileRoutes } from './routes.js';

export default defineModule(({ route, files, ctx }) => {
  fileRoutes(route, files, ctx.config.fileMaxBytes);
});
