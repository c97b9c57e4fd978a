import { homeStatisticsGet } from '@app/contract';
import { defineModule } from '../module.js';
import { homeService } from './service.js';

/** 首页: the figures of the operator's workplace (the lists come from the modules that own them). */
export default defineModule(({ route, ctx }) => {
  const home = homeService(ctx);
  route(homeStatisticsGet, ({ user }) => home.statistics(user));
});
