import type {
  MailAccount,
  MailAccountSimple,
  MailLog,
  MailTemplate,
  MailTemplateSimple,
  PageResult,
  mailAccountCreateReq,
  mailAccountPageReq,
  mailAccountUpdateReq,
  mailLogPageReq,
  mailTemplateCreateReq,
  mailTemplatePageReq,
  mailTemplateUpdateReq,
} from '@app/contract';
import { MailError } from '@app/contract';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import { fail } from '../../lib/errors.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import type { MailPasswordBox } from './password-box.js';
import { mailParamNames } from './render.js';
import {
  type MailAccountRow,
  type MailLogRow,
  type MailRepository,
  type MailTemplateRow,
  mailRepository,
} from './repository.js';

const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

const toAccount = (row: MailAccountRow): MailAccount => ({
  id: row.id,
  mail: row.mail,
  username: row.username,
  host: row.host,
  port: row.port,
  sslEnable: row.sslEnable === 1,
  createTime: row.createTime,
});

export const templateParams = (row: MailTemplateRow): string[] => parseJson<string[]>(row.params, []);

const toTemplate = (row: MailTemplateRow): MailTemplate => ({
  id: row.id,
  name: row.name,
  code: row.code,
  accountId: row.accountId,
  nickname: row.nickname,
  title: row.title,
  content: row.content,
  params: templateParams(row),
  status: row.status,
  remark: row.remark,
  createTime: row.createTime,
});

const toLog = (row: MailLogRow): MailLog => ({
  id: row.id,
  userId: row.userId,
  userType: row.userType,
  toMail: row.toMail,
  accountId: row.accountId,
  fromMail: row.fromMail,
  templateId: row.templateId,
  templateCode: row.templateCode,
  templateNickname: row.templateNickname,
  templateTitle: row.templateTitle,
  templateContent: row.templateContent,
  templateParams: parseJson<Record<string, unknown>>(row.templateParams, {}),
  sendStatus: row.sendStatus,
  sendTime: row.sendTime,
  sendMessageId: row.sendMessageId,
  sendException: row.sendException,
  createTime: row.createTime,
});

/** Looks up accounts and templates or answers the reference's "does not exist" errors. */
export const mailLookups = (repo: MailRepository) => ({
  async account(id: number): Promise<MailAccountRow> {
    const row = await repo.findAccount(id);
    if (!row) throw fail(MailError.MAIL_ACCOUNT_NOT_EXISTS);
    return row;
  },
  async template(id: number): Promise<MailTemplateRow> {
    const row = await repo.findTemplate(id);
    if (!row) throw fail(MailError.MAIL_TEMPLATE_NOT_EXISTS);
    return row;
  },
});

type TemplateBody = z.output<typeof mailTemplateCreateReq>;

/** The management side of mail: accounts, templates and the log (global to all tenants). */
export const mailService = (ctx: AppContext, passwords: MailPasswordBox) => {
  const repo = mailRepository(ctx.db.kysely, ctx.db.dialect);
  const find = mailLookups(repo);

  const templateChanges = async (id: number | null, body: TemplateBody) => {
    const sameCode = await repo.findTemplateByCode(body.code);
    if (sameCode && sameCode.id !== id) throw fail(MailError.MAIL_TEMPLATE_CODE_EXISTS, body.code);
    await find.account(body.accountId);
    const { name, code, accountId, nickname, title, status, remark } = body;
    // The title is plain text (the subject); the content is the mail's HTML.
    const content = sanitizeRichText(body.content);
    const params = JSON.stringify(mailParamNames(title, content));
    return { name, code, accountId, nickname, title, content, params, status, remark };
  };

  return {
    async accountPage(query: z.output<typeof mailAccountPageReq>): Promise<PageResult<MailAccount>> {
      const { pageNo, pageSize, ...filter } = query;
      const { list, total } = await repo.pageAccounts(filter, { pageNo, pageSize });
      return { list: list.map(toAccount), total };
    },

    async accountGet(id: number): Promise<MailAccount | null> {
      const row = await repo.findAccount(id);
      return row ? toAccount(row) : null;
    },

    accountSimpleList: async (): Promise<MailAccountSimple[]> =>
      (await repo.listAccounts()).map((r) => ({ id: r.id, mail: r.mail })),

    async accountCreate(user: LoginUser, body: z.output<typeof mailAccountCreateReq>): Promise<number> {
      const { password, sslEnable, ...rest } = body;
      const sealed = await passwords.seal(password);
      return repo.insertAccount(
        { ...rest, password: sealed, sslEnable: sslEnable ? 1 : 0 },
        ctx.now(),
        user.id,
      );
    },

    async accountUpdate(user: LoginUser, body: z.output<typeof mailAccountUpdateReq>): Promise<boolean> {
      const { id, password, sslEnable, ...rest } = body;
      await find.account(id);
      const changes = {
        ...rest,
        sslEnable: sslEnable ? 1 : 0,
        ...(password === null ? {} : { password: await passwords.seal(password) }),
      };
      await repo.updateAccount(id, changes, ctx.now(), user.id);
      return true;
    },

    async accountDelete(user: LoginUser, id: number): Promise<boolean> {
      await find.account(id);
      if (!(await repo.deleteAccountIfUnused(id, ctx.now(), user.id)))
        throw fail(MailError.MAIL_ACCOUNT_RELATE_TEMPLATE_EXISTS);
      return true;
    },

    async templatePage(query: z.output<typeof mailTemplatePageReq>): Promise<PageResult<MailTemplate>> {
      const { pageNo, pageSize, ...filter } = query;
      const { list, total } = await repo.pageTemplates(filter, { pageNo, pageSize });
      return { list: list.map(toTemplate), total };
    },

    async templateGet(id: number): Promise<MailTemplate | null> {
      const row = await repo.findTemplate(id);
      return row ? toTemplate(row) : null;
    },

    templateSimpleList: async (): Promise<MailTemplateSimple[]> =>
      (await repo.listTemplates()).map((r) => ({ id: r.id, name: r.name })),

    async templateCreate(user: LoginUser, body: TemplateBody): Promise<number> {
      return repo.insertTemplate(await templateChanges(null, body), ctx.now(), user.id);
    },

    async templateUpdate(user: LoginUser, body: z.output<typeof mailTemplateUpdateReq>): Promise<boolean> {
      await find.template(body.id);
      await repo.updateTemplate(body.id, await templateChanges(body.id, body), ctx.now(), user.id);
      return true;
    },

    async templateDelete(user: LoginUser, id: number): Promise<boolean> {
      await find.template(id);
      await repo.deleteTemplate(id, ctx.now(), user.id);
      return true;
    },

    async logPage(query: z.output<typeof mailLogPageReq>): Promise<PageResult<MailLog>> {
      const { pageNo, pageSize, ...filter } = query;
      const { list, total } = await repo.pageLogs(filter, { pageNo, pageSize });
      return { list: list.map(toLog), total };
    },

    async logGet(id: number): Promise<MailLog | null> {
      const row = await repo.findLog(id);
      return row ? toLog(row) : null;
    },
  };
};

export type MailService = ReturnType<typeof mailService>;
