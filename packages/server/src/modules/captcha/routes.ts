import { captchaCheck, captchaEnabled, captchaGet, type CaptchaResponse } from '@app/contract';
import type { FastifyReply } from 'fastify';
import type { RouteRegistrar } from '../../plugins/routes.js';
import type { CaptchaService } from './service.js';

/** AJ-Captcha's ResponseModel is the whole body, not wrapped in the envelope. */
const sendModel = (reply: FastifyReply, model: CaptchaResponse) =>
  reply.type('application/json; charset=utf-8').send(JSON.stringify(model));

export const captchaRoutes = (route: RouteRegistrar, captcha: CaptchaService, enabled: boolean): void => {
  route.raw(captchaGet, async ({ body }, reply) => sendModel(reply, await captcha.get(body)));
  route.raw(captchaCheck, async ({ body }, reply) => sendModel(reply, await captcha.check(body)));
  route(captchaEnabled, () => enabled);
};
