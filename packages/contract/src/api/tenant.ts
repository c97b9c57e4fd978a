import { z } from 'zod';
import { defineEndpoint, PUBLIC } from '../endpoint.js';

/* The tenant lookup of the login page; kept apart from the tenant administration (tenant-admin.ts) so the
   login page's bundle does not carry those schemas. */

export const tenantGetIdByName = defineEndpoint({
  method: 'GET',
  path: '/system/tenant/get-id-by-name',
  summary: '使用租户名，获得租户编号',
  tag: '租户',
  access: PUBLIC,
  tenant: 'ignore',
  query: z.object({ name: z.string({ error: '租户名不能为空' }).trim().min(1, '租户名不能为空') }),
  data: z.number().int().nullable(),
});
