import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { RouteRegistrar } from '../../plugins/routes.js';
import { mailPasswordBox } from './password-box.js';
import { mailRoutes } from './routes.js';
import { mailPollerOptionsFrom, mailSendPoller, type MailSendPoller } from './send-poller.js';
import { mailSender, type MailSender } from './sender.js';
import { mailService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Mail by template; other modules send through `mailSender.send`. */
    mailSender: MailSender;
    /** This server's mail send poller; started when the app is ready, stopped when it closes. */
    mailPoller: MailSendPoller;
  }
}

/** Mail accounts, templates and log, the sender, and the poller that delivers queued mail. */
export const registerMail = (app: FastifyInstance, route: RouteRegistrar, ctx: AppContext): void => {
  const passwords = mailPasswordBox(ctx);
  const sender = mailSender(ctx);
  mailRoutes(route, mailService(ctx, passwords), sender);

  const poller = mailSendPoller(ctx, passwords, app.log, mailPollerOptionsFrom());
  app.decorate('mailSender', sender);
  app.decorate('mailPoller', poller);
  app.addHook('onReady', async () => poller.start());
  app.addHook('preClose', async () => poller.stop());
};
