import { MAIL_SEND_STATUS, MailError } from '@app/contract';
import type { AppContext } from '../../context.js';
import { STATUS_ENABLED } from '../../context.js';
import { fail } from '../../lib/errors.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { renderMailText } from './render.js';
import { mailRepository } from './repository.js';
import { mailLookups, templateParams } from './service.js';

/**
 * Sends mail by template: checks and renders it, and writes the log row that queues the send (the
 * poller delivers it). Other modules send through `app.mailSender.send`.
 */
export const mailSender = (ctx: AppContext) => {
  const repo = mailRepository(ctx.db.kysely, ctx.db.dialect);
  const find = mailLookups(repo);

  return {
    /**
     * Queues `templateCode` rendered with `params` for `toMail`; returns the log id. A disabled
     * template is only logged, as 不发送.
     */
    async send(
      toMail: string | null | undefined,
      userId: number | null,
      userType: number | null,
      templateCode: string,
      params: Record<string, unknown> = {},
    ): Promise<number> {
      const template = await repo.findTemplateByCode(templateCode);
      if (!template) throw fail(MailError.MAIL_TEMPLATE_NOT_EXISTS);
      const account = await find.account(template.accountId);
      const to = toMail?.trim();
      if (!to) throw fail(MailError.MAIL_SEND_MAIL_NOT_EXISTS);
      for (const name of templateParams(template)) {
        if (params[name] === undefined || params[name] === null)
          throw fail(MailError.MAIL_SEND_TEMPLATE_PARAM_MISS, name);
      }

      const now = ctx.now();
      const sending = template.status === STATUS_ENABLED;
      return repo.insertLog(
        {
          userId,
          userType,
          toMail: to,
          accountId: account.id,
          fromMail: account.mail,
          templateId: template.id,
          templateCode: template.code,
          templateNickname: template.nickname,
          templateTitle: renderMailText(template.title, params),
          // Parameters are escaped as text, but one may fill an attribute (`href="{link}"`), and a
          // template saved before sanitising existed is unchecked: the mail as sent is sanitised whole.
          templateContent: sanitizeRichText(renderMailText(template.content, params, true)),
          templateParams: JSON.stringify(params),
          sendStatus: sending ? MAIL_SEND_STATUS.INIT : MAIL_SEND_STATUS.IGNORE,
          sendTime: null,
          sendMessageId: null,
          sendException: null,
          nextAttemptAt: sending ? now : null,
          lockedBy: null,
          lockedUntil: null,
        },
        now,
        userId,
      );
    },
  };
};

export type MailSender = ReturnType<typeof mailSender>;
