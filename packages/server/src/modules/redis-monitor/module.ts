import { infraRedisGetMonitorInfo } from '@app/contract';
import { defineModule } from '../module.js';
import { redisMonitorService } from './service.js';

/** Redis 监控 (/infra/redis): global, read-only, behind `infra:redis:get-monitor-info`. */
export default defineModule(({ route, ctx }) => {
  const monitor = redisMonitorService(ctx.redis);
  route(infraRedisGetMonitorInfo, () => monitor.monitorInfo());
});
