import { defineModule } from '../module.js';
import { fileRoutes } from './routes.js';

export default defineModule(({ route, files }) => {
  fileRoutes(route, files);
});
