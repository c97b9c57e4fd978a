import type {
  NotifyMessage,
  NotifyMessageFilter,
  NotifyTemplate,
  notifyTemplateCreateReq,
  notifyTemplatePageReq,
  notifyTemplateUpdateReq,
  PageResult,
} from '@app/contract';
import { NotifyError, UserError } from '@app/contract';
import type { z } from 'zod';
import { ADMIN_USER_TYPE, STATUS_DISABLED, type AppContext, type LoginUser } from '../../context.js';
import type { NotifyMessageRow, NotifyMessageTable, NotifyTemplateRow } from '../../db/schema.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Insertable } from 'kysely';
import { Batcher } from '../../lib/batcher.js';
import { cachedLookup } from '../../lib/cache.js';
import { fail } from '../../lib/errors.js';
import { userRepository } from '../user/repository.js';
import { type MessageFilter, notifyRepository, type TemplateChanges, UNREAD } from './repository.js';
import { renderTemplate, templateParamNames } from '../../lib/template.js';
import { type PageParams } from '../../lib/crud/index.js';

const parseParams = (json: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
};

const parseNames = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

export const toNotifyMessage = (row: NotifyMessageRow): NotifyMessage => ({
  id: row.id,
  userId: row.userId,
  userType: row.userType,
  templateId: row.templateId,
  templateCode: row.templateCode,
  templateNickname: row.templateNickname,
  templateContent: row.templateContent,
  templateType: row.templateType,
  templateParams: parseParams(row.templateParams),
  readStatus: row.readStatus !== UNREAD,
  readTime: row.readTime,
  createTime: row.createTime,
});

export const toNotifyTemplate = (row: NotifyTemplateRow): NotifyTemplate => ({
  id: row.id,
  name: row.name,
  code: row.code,
  nickname: row.nickname,
  content: row.content,
  type: row.type,
  params: parseNames(row.params),
  status: row.status,
  remark: row.remark,
  createTime: row.createTime,
});

/** The stored columns of a template form: the params are the content's placeholders. */
const templateChanges = (body: z.output<typeof notifyTemplateCreateReq>): TemplateChanges => ({
  ...body,
  params: JSON.stringify(templateParamNames(body.content)),
});

/** The key of a user's unread count on the invalidation bus. */
/** How long a posted message waits for others to share its statement: too short for anyone to notice. */
const POST_FLUSH_MS = 20;

export const unreadKey = (tenantId: number, userId: number): string => `${tenantId}:${userId}`;

/**
 * In-site messages: sending from a template, and each user's own inbox. Every change to a user's
 * unread count is published on the bus ('notify-unread'), which the unread-count streams listen to.
 */
export const notifyService = (ctx: AppContext, log: FastifyBaseLogger) => {
  const repo = notifyRepository(ctx.db.kysely);
  const users = userRepository(ctx.db.kysely);

  const unreadChanged = (tenantId: number, userId: number) =>
    ctx.bus.publish('notify-unread', unreadKey(tenantId, userId));

  // Every workflow step sends from a template: each is read once, until one changes on any instance.
  const templateByCode = cachedLookup(ctx.bus, 'notify-template', repo.findTemplateByCode);
  const templatesChanged = () => ctx.bus.publish('notify-template');

  /**
   * The in-site message from the template `templateCode` to an admin user of the tenant: the content's
   * `{name}` placeholders filled from `params`; null when the template is disabled (nothing is sent).
   * Unknown template: 1_002_026_000; a placeholder without a value: 1_002_028_000.
   */
  const messageOf = async (
    tenantId: number,
    userId: number,
    templateCode: string,
    params: Record<string, unknown>,
    sender?: number,
  ): Promise<Insertable<NotifyMessageTable> | null> => {
    const template = await templateByCode(templateCode);
    if (!template) throw fail(NotifyError.NOTIFY_TEMPLATE_NOT_EXISTS);
    if (template.status === STATUS_DISABLED) return null;
    for (const name of parseNames(template.params)) {
      if (params[name] === undefined || params[name] === null)
        throw fail(NotifyError.NOTIFY_SEND_TEMPLATE_PARAM_MISS, name);
    }
    const now = ctx.now();
    const by = sender === undefined ? null : String(sender);
    return {
      tenantId,
      userId,
      userType: ADMIN_USER_TYPE,
      templateId: template.id,
      templateCode: template.code,
      templateNickname: template.nickname,
      templateContent: renderTemplate(template.content, params),
      templateType: template.type,
      templateParams: JSON.stringify(params),
      readStatus: UNREAD,
      readTime: null,
      creator: by,
      updater: by,
      createTime: now,
      updateTime: now,
    };
  };

  /** Sends a message (see `messageOf`) and returns its id, or null when the template is disabled. */
  const sendNotifyMessage = async (
    tenantId: number,
    userId: number,
    templateCode: string,
    params: Record<string, unknown> = {},
    sender?: number,
  ): Promise<number | null> => {
    const message = await messageOf(tenantId, userId, templateCode, params, sender);
    if (!message) return null;
    const id = await repo.insertMessage(message);
    await unreadChanged(tenantId, userId);
    return id;
  };

  /**
   * Messages a request leaves behind without waiting for them (the workflow's): written together a few
   * milliseconds later, one statement a batch; their users' unread counts then change.
   */
  const posted = new Batcher<Insertable<NotifyMessageTable>>(
    async (rows) => {
      await repo.insertMessages(rows);
      for (const key of new Set(rows.map((r) => unreadKey(r.tenantId, r.userId))))
        await ctx.bus.publish('notify-unread', key);
    },
    (error, count) => log.error({ err: error, rows: count }, '站内信写入失败'),
    { flushMs: POST_FLUSH_MS },
  );

  const existingTemplate = async (id: number): Promise<NotifyTemplateRow> => {
    const row = await repo.findTemplateById(id);
    if (!row) throw fail(NotifyError.NOTIFY_TEMPLATE_NOT_EXISTS);
    return row;
  };

  /** Codes are unique over all templates (they are global). */
  const validateCodeUnique = async (id: number | null, code: string) => {
    const same = await repo.findTemplateByCode(code);
    if (same && same.id !== id) throw fail(NotifyError.NOTIFY_TEMPLATE_CODE_DUPLICATE, code);
  };

  return {
    sendNotifyMessage,

    /** Posts a message (see `messageOf`) to be written with the next batch; false when the template is disabled. */
    async postNotifyMessage(
      tenantId: number,
      userId: number,
      templateCode: string,
      params: Record<string, unknown>,
    ): Promise<boolean> {
      const message = await messageOf(tenantId, userId, templateCode, params);
      if (message) posted.push(message);
      return message !== null;
    },

    /** Resolves once every posted message is written (tests and shutdown wait on it). */
    postedSettled: (): Promise<void> => posted.flush(),

    async templatePage(query: z.output<typeof notifyTemplatePageReq>): Promise<PageResult<NotifyTemplate>> {
      const { pageNo, pageSize, ...filter } = query;
      const { list, total } = await repo.templatePage(filter, { pageNo, pageSize });
      return { list: list.map(toNotifyTemplate), total };
    },

    async getTemplate(id: number): Promise<NotifyTemplate | null> {
      const row = await repo.findTemplateById(id);
      return row ? toNotifyTemplate(row) : null;
    },

    async createTemplate(user: LoginUser, body: z.output<typeof notifyTemplateCreateReq>): Promise<number> {
      await validateCodeUnique(null, body.code);
      const id = await repo.insertTemplate(templateChanges(body), ctx.now(), user.id);
      await templatesChanged();
      return id;
    },

    async updateTemplate(user: LoginUser, body: z.output<typeof notifyTemplateUpdateReq>): Promise<true> {
      const { id, ...fields } = body;
      await existingTemplate(id);
      await validateCodeUnique(id, fields.code);
      await repo.updateTemplate(id, templateChanges(fields), ctx.now(), user.id);
      await templatesChanged();
      return true;
    },

    /** Sent messages keep their own copy of the content, so they stay. */
    async deleteTemplate(user: LoginUser, id: number): Promise<true> {
      await existingTemplate(id);
      await repo.deleteTemplate(id, ctx.now(), user.id);
      await templatesChanged();
      return true;
    },

    /** Messages of every user of the caller's tenant. */
    async messagePage(
      user: LoginUser,
      query: NotifyMessageFilter & PageParams,
    ): Promise<PageResult<NotifyMessage>> {
      const { pageNo, pageSize, ...filter } = query;
      const { list, total } = await repo.messagePage(user.tenantId, filter, { pageNo, pageSize });
      return { list: list.map(toNotifyMessage), total };
    },

    async getMessage(user: LoginUser, id: number): Promise<NotifyMessage | null> {
      const row = await repo.findMessageById(user.tenantId, id);
      return row ? toNotifyMessage(row) : null;
    },

    /** `sendNotifyMessage` for the send-notify endpoint: the receiver must be a user of the caller's tenant. */
    async sendFromAdmin(
      caller: LoginUser,
      req: { userId: number; templateCode: string; templateParams: Record<string, unknown> },
    ): Promise<number | null> {
      if (!(await users.findById(caller.tenantId, req.userId))) throw fail(UserError.USER_NOT_EXISTS);
      return sendNotifyMessage(caller.tenantId, req.userId, req.templateCode, req.templateParams, caller.id);
    },

    async myPage(user: LoginUser, query: MessageFilter & PageParams): Promise<PageResult<NotifyMessage>> {
      const { list, total } = await repo.pageOfUser(user.tenantId, user.id, user.userType, query, query);
      return { list: list.map(toNotifyMessage), total };
    },

    async unreadList(user: LoginUser, size: number): Promise<NotifyMessage[]> {
      return (await repo.unreadOfUser(user.tenantId, user.id, user.userType, size)).map(toNotifyMessage);
    },

    unreadCount: (tenantId: number, userId: number, userType = ADMIN_USER_TYPE): Promise<number> =>
      repo.countUnread(tenantId, userId, userType),

    /** Marks the caller's own messages among `ids` read (others' ids are ignored); all of them when null. */
    async markRead(user: LoginUser, ids: number[] | null): Promise<true> {
      const changed = await repo.markRead(user.tenantId, user.id, user.userType, ids, ctx.now());
      if (changed > 0) await unreadChanged(user.tenantId, user.id);
      return true;
    },
  };
};
export type NotifyService = ReturnType<typeof notifyService>;
