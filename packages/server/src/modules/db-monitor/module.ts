import { infraDruidGetSqlStats, infraDruidResetSqlStats } from '@app/contract';
import { defineModule } from '../module.js';

/**
 * 数据库监控 (/infra/druid): the statements this instance ran, by shape (`db/statement-stats.ts`);
 * global, behind `infra:druid:query` and, to clear them, `infra:druid:reset`.
 */
export default defineModule(({ route, ctx }) => {
  const { statements } = ctx.db;
  route(infraDruidGetSqlStats, () => ({ dialect: ctx.db.dialect, ...statements.read() }));
  route(infraDruidResetSqlStats, () => {
    statements.reset();
    return true;
  });
});
