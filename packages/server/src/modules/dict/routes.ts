import { dictDataListAllSimple } from '@app/contract';
import type { AppContext } from '../../context.js';
import { type RawJson, type RouteRegistrar, toRawJson } from '../../plugins/routes.js';
import { dictRepository } from './repository.js';

export const dictRoutes = (route: RouteRegistrar, ctx: AppContext): void => {
  const dicts = dictRepository(ctx.db.kysely);
  // Every sign-in loads all items; dictionary writes publish 'dict'.
  let allSimple: RawJson | null = null;
  ctx.bus.on('dict', () => {
    allSimple = null;
  });
  const load = async (): Promise<RawJson> =>
    (allSimple = toRawJson(dictDataListAllSimple, await dicts.listEnabledSimple()));
  route(dictDataListAllSimple, () => allSimple ?? load());
};
