import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_PREFIX, apiOf } from './endpoint.js';
import { API_MODULES, ENDPOINTS } from './endpoints.js';
import * as contract from './index.js';

describe('ENDPOINTS', () => {
  it('is collected from every module under api/', () => {
    const files = readdirSync(new URL('./api/', import.meta.url))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => f.slice(0, -'.ts'.length));
    expect(Object.keys(API_MODULES).sort()).toEqual(files.sort());
  });

  it('holds every endpoint once, one per method and path of its API', () => {
    expect(ENDPOINTS.length).toBeGreaterThanOrEqual(232);
    const routes = ENDPOINTS.map((e) => `${e.method} ${API_PREFIX[apiOf(e)]}${e.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  // The member API takes member tokens only, the admin API staff tokens only (security.ts).
  it('asks members only on the member API, and nothing else there', () => {
    const misplaced = ENDPOINTS.filter((e) =>
      apiOf(e) === 'app'
        ? e.access.kind !== 'public' && e.access.kind !== 'member'
        : e.access.kind === 'member',
    ).map((e) => `${apiOf(e)} ${e.method} ${e.path}`);
    expect(misplaced).toEqual([]);
    expect(ENDPOINTS.filter((e) => apiOf(e) === 'app').length).toBeGreaterThan(0);
  });

  // The operate log names an endpoint by its export from the package root.
  it('are all exported from the package root', () => {
    const exported = new Set<unknown>(Object.values(contract));
    expect(ENDPOINTS.filter((e) => !exported.has(e)).map((e) => e.path)).toEqual([]);
  });
});
