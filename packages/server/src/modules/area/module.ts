import { areaGetByIp, areaTree as areaTreeEndpoint } from '@app/contract';
import { areaTree, regionOfIp } from '../../lib/area.js';
import { defineModule } from '../module.js';
import { toRawJson, type RawJson } from '../../plugins/routes.js';

/* 地区: the static region tree and the region of an IP address (lib/area.ts), global to all tenants. */

export default defineModule(({ route }) => {
  // Validated and encoded once: ~3,400 regions that never change while the server runs.
  let tree: RawJson | undefined;
  route(areaTreeEndpoint, () => (tree ??= toRawJson(areaTreeEndpoint, [...areaTree()])));
  route(areaGetByIp, ({ query }) => regionOfIp(query.ip));
});
