import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.js';
import type { RouteRegistrar } from '../../../plugins/routes.js';
import type { NotifyService } from '../../notify/service.js';
import { oaLeaveRoutes } from '../oa-leave/routes.js';
import { leaveFollowsInstance, oaLeaveService } from '../oa-leave/service.js';
import { processInstanceRoutes } from '../process-instance/routes.js';
import { processInstanceService } from '../process-instance/service.js';
import { taskRoutes } from '../task/routes.js';
import { taskService } from '../task/service.js';
import { bpmNotifier } from './notices.js';
import { bpmRuntime, type BpmRuntime } from './step.js';
import { bpmTimerPoller, type BpmTimerPoller, timerPollerOptionsFrom } from './timer-poller.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The workflow runtime (one step per change of an instance). */
    bpmRuntime: BpmRuntime;
    /** This server's timer poller; started when the app is ready, stopped when it closes. */
    bpmTimers: BpmTimerPoller;
  }
}

/** The running side of the workflow: process instances, tasks, OA leave, and the timer poller. */
export const registerBpmRuntime = (
  app: FastifyInstance,
  route: RouteRegistrar,
  ctx: AppContext,
  notify: NotifyService,
): void => {
  const runtime = bpmRuntime(ctx, {
    notifier: bpmNotifier(ctx, notify, app.log),
    onInstanceEnd: [leaveFollowsInstance],
  });
  processInstanceRoutes(route, processInstanceService(ctx, runtime));
  taskRoutes(route, taskService(ctx, runtime));
  oaLeaveRoutes(route, oaLeaveService(ctx, runtime));

  const timers = bpmTimerPoller(ctx, runtime, app.log, timerPollerOptionsFrom());
  app.decorate('bpmRuntime', runtime);
  app.decorate('bpmTimers', timers);
  app.addHook('onReady', async () => timers.start());
  app.addHook('preClose', async () => timers.stop());
};
