import { defineModule } from '../module.js';
import { notifyRoutes } from './routes.js';

export default defineModule(({ route, notify, unreadStreams }) => {
  notifyRoutes(route, notify, unreadStreams);
});
