import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { RouteRegistrar } from '../../plugins/routes.js';
import { smsLoginRoutes, smsLoginService } from '../auth/sms-login.js';
import type { TokenService } from '../auth/token-service.js';
import type { SmsCodeService } from './code-service.js';
import { smsRoutes } from './routes.js';
import { smsSendPoller, smsPollerOptionsFrom, type SmsSendPoller } from './send-poller.js';
import { smsSender, type SmsSender } from './sender.js';
import { smsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Queues SMS from a template; other modules send through `smsSender.send`. */
    smsSender: SmsSender;
    /** This server's SMS send poller; started when the app is ready, stopped when it closes. */
    smsPoller: SmsSendPoller;
  }
}

/** SMS: channel, template and log administration, the send queue, and SMS sign-in. */
export const registerSms = (
  app: FastifyInstance,
  route: RouteRegistrar,
  ctx: AppContext,
  tokens: TokenService,
  codes: SmsCodeService,
): void => {
  const sender = smsSender(ctx);
  smsRoutes(route, smsService(ctx, sender));
  smsLoginRoutes(route, smsLoginService(ctx, tokens, codes));

  const poller = smsSendPoller(ctx, sender, app.log, smsPollerOptionsFrom());
  app.decorate('smsSender', sender);
  app.decorate('smsPoller', poller);
  app.addHook('onReady', async () => poller.start());
  app.addHook('preClose', async () => poller.stop());
};
