import type { FastifyInstance } from 'fastify';
import { routeRegistrar } from '../../plugins/routes.js';
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

const FORM = 'application/x-www-form-urlencoded';

/** Reads form fields into the query, where the endpoint declares them (`id=…&status=…`). */
const formFieldsAsQuery = async (forms: FastifyInstance) => {
  forms.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 4 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  forms.addHook('preValidation', async (request) => {
    if (request.body && typeof request.body === 'object')
      request.query = { ...(request.body as object), ...(request.query as object) };
  });
};

/** 定时任务 and 调度日志, the scheduler that runs the jobs, and the scheduler's own handlers. */
export default defineModule(async ({ app, route, ctx, apiPrefix, jobHandlers }) => {
  const repo = jobRepository(ctx.db.kysely);
  const scheduler = jobScheduler(ctx, repo, jobHandlers, app.log, schedulerOptionsFrom());
  const jobs = jobService(ctx, repo, jobHandlers, scheduler);
  registerJobHandlers(jobHandlers, repo, ctx);
  jobRoutes(route, jobs);
  await app.register(async (forms) => {
    await formFieldsAsQuery(forms);
    jobStatusRoute(routeRegistrar(forms, apiPrefix), jobs);
  });

  app.decorate('jobScheduler', scheduler);
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('preClose', async () => scheduler.stop());
});
