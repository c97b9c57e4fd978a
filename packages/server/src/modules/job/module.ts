import { formParamRoutes } from '../../plugins/form-params.js';
import { defineModule } from '../module.js';
import { registerJobHandlers } from './handlers.js';
import { jobRepository } from './repository.js';
import { jobRoutes, jobStatusRoute } from './routes.js';
import { jobScheduler, schedulerOptionsFrom, type JobScheduler } from './scheduler.js';
import { jobService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's scheduler; started when the app is ready, stopped (after its runs) when it closes. */
    jobScheduler: JobScheduler;
  }
}

/** 定时任务 and 调度日志, the scheduler that runs the jobs, and the scheduler's own handlers. */
export default defineModule(async ({ app, route, ctx, apiPrefix, jobHandlers }) => {
  const repo = jobRepository(ctx.db.kysely);
  const scheduler = jobScheduler(ctx, repo, jobHandlers, app.log, schedulerOptionsFrom());
  const jobs = jobService(ctx, repo, jobHandlers, scheduler);
  registerJobHandlers(jobHandlers, repo, ctx);
  jobRoutes(route, jobs);
  await formParamRoutes(app, apiPrefix, (forms) => jobStatusRoute(forms, jobs));

  app.decorate('jobScheduler', scheduler);
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('preClose', async () => scheduler.stop());
});
