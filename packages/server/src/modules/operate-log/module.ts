import { defineModule } from '../module.js';
import { operateLogRoutes } from './routes.js';

export default defineModule(({ route, operateLogs }) => {
  operateLogRoutes(route, operateLogs);
});
