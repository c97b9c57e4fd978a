import type { Notice, PageResult } from '@app/contract';
import { NoticeError } from '@app/contract';
import type { AppContext, LoginUser } from '../../context.js';
import { fail } from '../../lib/errors.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import type { NotifyService } from '../notify/service.js';
import { type NoticeFilter, type NoticeRow, noticeRepository } from './repository.js';
import { type PageParams } from '../../lib/crud/index.js';

/** The notify template a pushed notice is sent with (seeded): `【{title}】{content}`. */
export const NOTICE_PUSH_TEMPLATE = 'notice_push';

/** In-site message content is at most 1024 characters; a longer notice is cut with an ellipsis. */
const MESSAGE_CONTENT_MAX = 900;

const toNotice = (row: NoticeRow): Notice => ({
  id: row.id,
  title: row.title,
  type: row.type,
  content: row.content,
  status: row.status,
  createTime: row.createTime,
});

interface NoticeInput {
  title: string;
  type: number;
  content: string;
  status: number;
}

/**
 * Notices of the caller's tenant, and pushing one to all of its enabled users as an in-site message
 * and to `pushed` (the tenant's open WebSocket connections).
 */
export const noticeService = (
  ctx: AppContext,
  notify: NotifyService,
  pushed?: (tenantId: number, notice: Notice) => Promise<void>,
) => {
  const repo = noticeRepository(ctx.db.kysely);

  const existing = async (user: LoginUser, id: number) => {
    const row = await repo.find(user.tenantId, id);
    if (!row) throw fail(NoticeError.NOTICE_NOT_FOUND);
    return row;
  };

  return {
    async page(user: LoginUser, query: NoticeFilter & PageParams): Promise<PageResult<Notice>> {
      const { list, total } = await repo.page(user.tenantId, query, query);
      return { list: list.map(toNotice), total };
    },

    async get(user: LoginUser, id: number): Promise<Notice | null> {
      const row = await repo.find(user.tenantId, id);
      return row ? toNotice(row) : null;
    },

    async create(user: LoginUser, input: NoticeInput): Promise<number> {
      const now = ctx.now();
      return repo.insert({
        ...input,
        content: sanitizeRichText(input.content),
        tenantId: user.tenantId,
        creator: String(user.id),
        updater: String(user.id),
        createTime: now,
        updateTime: now,
      });
    },

    async update(user: LoginUser, input: NoticeInput & { id: number }): Promise<true> {
      await existing(user, input.id);
      const { id, ...changes } = input;
      await repo.update(user.tenantId, id, {
        ...changes,
        content: sanitizeRichText(changes.content),
        updater: String(user.id),
        updateTime: ctx.now(),
      });
      return true;
    },

    async delete(user: LoginUser, id: number): Promise<true> {
      await existing(user, id);
      await repo.delete(user.tenantId, id, String(user.id), ctx.now());
      return true;
    },

    /** Sends the notice to every enabled user of the caller's tenant (the caller included). */
    async push(user: LoginUser, id: number): Promise<true> {
      const row = await existing(user, id);
      const content =
        row.content.length > MESSAGE_CONTENT_MAX
          ? `${row.content.slice(0, MESSAGE_CONTENT_MAX)}…`
          : row.content;
      for (const userId of await repo.enabledUserIds(user.tenantId)) {
        await notify.sendNotifyMessage(
          user.tenantId,
          userId,
          NOTICE_PUSH_TEMPLATE,
          { title: row.title, content },
          user.id,
        );
      }
      await pushed?.(user.tenantId, toNotice(row));
      return true;
    },
  };
};
export type NoticeService = ReturnType<typeof noticeService>;
