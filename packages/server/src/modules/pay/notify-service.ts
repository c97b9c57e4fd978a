import type { PageResult, PayNotifyFilter, PayNotifyTask, PayNotifyTaskDetail } from '@app/contract';
import { GlobalError } from '@app/contract';
import type { LoginUser } from '../../context.js';
import type { PageParams } from '../../lib/crud/index.js';
import { fail } from '../../lib/errors.js';
import type { AppService } from './app-service.js';
import type { NotifyRepository, NotifyTaskRow } from './notify-repository.js';

/** 回调通知: the notifications sent to merchants and the log of each attempt. */
export const notifyService = (repo: NotifyRepository, apps: AppService) => {
  const withAppNames = async (tenantId: number, rows: NotifyTaskRow[]): Promise<PayNotifyTask[]> => {
    const names = await apps.namesOf(
      tenantId,
      rows.map((r) => r.appId),
    );
    return rows.map(({ tenantId: _t, ...r }) => ({ ...r, appName: names.get(r.appId) ?? null }));
  };

  return {
    async page(user: LoginUser, query: PayNotifyFilter & PageParams): Promise<PageResult<PayNotifyTask>> {
      const { pageNo, pageSize, ...filter } = query;
      const page = await repo.page(user.tenantId, filter, { pageNo, pageSize });
      return { total: page.total, list: await withAppNames(user.tenantId, page.list) };
    },

    async detail(user: LoginUser, id: number): Promise<PayNotifyTaskDetail> {
      const task = await repo.find(user.tenantId, id);
      if (!task) throw fail({ code: GlobalError.NOT_FOUND.code, msg: '支付通知不存在' });
      const [item] = await withAppNames(user.tenantId, [task]);
      return { ...item!, logs: await repo.logsOf(task.id) };
    },
  };
};
