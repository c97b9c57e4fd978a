import { HOME_STATISTICS_DAYS, type HomeStatistics } from '@app/contract';
import type { AppContext, LoginUser } from '../../context.js';
import { type DayBounds, homeRepository } from './repository.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** The starts of the last `days` days (today included) in local time, then the start of tomorrow. */
export const dayBounds = (now: number, days: number): DayBounds => {
  const today = new Date(now);
  return Array.from({ length: days + 1 }, (_, i) =>
    new Date(today.getFullYear(), today.getMonth(), today.getDate() - days + 1 + i).getTime(),
  );
};

const dayLabel = (time: number) => {
  const d = new Date(time);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

export const homeService = (ctx: AppContext) => {
  const repo = homeRepository(ctx.db.kysely);
  return {
    /** The caller's tenant's figures of the last days, the series queried side by side. */
    async statistics(user: LoginUser): Promise<HomeStatistics> {
      const bounds = dayBounds(ctx.now(), HOME_STATISTICS_DAYS);
      const [logins, requests, errors, processesStarted, processesFinished] = await Promise.all([
        repo.logins(user.tenantId, bounds),
        repo.requests(user.tenantId, bounds),
        repo.errors(user.tenantId, bounds),
        repo.processesStarted(user.tenantId, bounds),
        repo.processesFinished(user.tenantId, bounds),
      ]);
      return {
        days: bounds.slice(0, -1).map(dayLabel),
        logins,
        requests,
        errors,
        processesStarted,
        processesFinished,
      };
    },
  };
};
