import { infraServerGetMonitorInfo } from '@app/contract';
import { defineModule } from '../module.js';
import { processSampler } from './process-sampler.js';
import { requestStats } from './request-stats.js';
import { serverMonitorService } from './service.js';

/** 服务监控 (/infra/server): global, read-only, behind `infra:server:query`; figures of this instance. */
export default defineModule(({ app, route, ctx, apiPrefix }) => {
  const sampler = processSampler();
  const requests = requestStats();
  const monitor = serverMonitorService(ctx.db, sampler, requests);
  route(infraServerGetMonitorInfo, () => monitor.monitorInfo());

  // A callback hook: every request passes it, and its work is a few array writes.
  app.addHook('onResponse', (request, reply, done) => {
    if (request.url.startsWith(apiPrefix)) requests.record(reply.elapsedTime);
    done();
  });
  app.addHook('onReady', async () => sampler.start());
  app.addHook('onClose', async () => sampler.stop());
});
