import { defineModule } from '../module.js';
import { dataSourceRoutes } from './routes.js';

export default defineModule(({ route, dataSources }) => {
  dataSourceRoutes(route, dataSources);
});
