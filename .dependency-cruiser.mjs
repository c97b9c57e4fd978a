// Import boundaries and cycles, checked by `npm run lint` (and the lint step of `npm test`).
// ESLint sees one file at a time and compares import strings; these rules need resolved paths
// (`../social/…` from a sibling feature) and the whole graph (cycles), hence dependency-cruiser.

const WEB = '^packages/web/src/';
const MODULES = '^packages/server/src/modules/';

/**
 * Runtime imports of another server module's files that the rule below still lets through, as
 * `importer → imported` below `packages/server/src/modules/`. Shrink it; never grow it: a new need
 * goes through the deps a module is handed in app.ts (importing the other module's type is fine).
 */
const MODULE_ALLOW_LIST = {
  // Reading users belongs behind a users service handed as a dependency; today each reader
  // imports the user repository directly.
  'auth/register.ts': [
    'user/repository.ts',
    'user/admin-service.ts',
    // Registration creates a user the way the admin does: default role, dept data scope,
    // tenant quota, captcha, and the register-enabled config.
    'role/repository.ts',
    'dept/data-scope.ts',
    'tenant/service.ts',
    'captcha/service.ts',
    'config/repository.ts',
  ],
  'auth/service.ts': ['user/repository.ts', 'captcha/service.ts', 'social/user-service.ts'],
  'auth/sms-login.ts': ['user/repository.ts', 'sms/code-service.ts'],
  // Access tokens check the OAuth2 client of a token; the client store is built in auth's wiring.
  'auth/token-service.ts': ['oauth2/client-store.ts'],
  'bpm/runtime/notices.ts': ['sms/repository.ts', 'sms/sender.ts'],
  'bpm/task/service.ts': ['user/repository.ts'],
  'dept/service.ts': ['user/repository.ts'],
  'notify/service.ts': ['user/repository.ts'],
  'oauth2/open-service.ts': ['user/repository.ts'],
  // The OAuth2 module wires the open API (/system/oauth2/user) from the auth and profile services.
  'oauth2/register.ts': ['auth/service.ts', 'profile/service.ts'],
  'oauth2/token-admin-service.ts': ['user/repository.ts', 'auth/login-log-repository.ts'],
  // The tenant package's menu limit is read by every module that grants menus. It can move to
  // lib/ with the repositories' refactor (tenant/repository.ts imports it too).
  'menu/service.ts': ['tenant-package/tenant-menus.ts'],
  'permission/service.ts': ['tenant-package/tenant-menus.ts', 'user/repository.ts'],
  'role/service.ts': ['tenant-package/tenant-menus.ts'],
  'tenant/repository.ts': ['tenant-package/tenant-menus.ts'],
  'tenant/service.ts': ['tenant-package/tenant-menus.ts', 'tenant-package/repository.ts'],
  'profile/service.ts': ['user/repository.ts', 'social/repository.ts'],
  // SMS and social sign-in are auth flows registered by their modules.
  'sms/register.ts': ['auth/sms-login.ts'],
  'social/login.ts': ['user/repository.ts', 'auth/login-log-repository.ts'],
  'social/register.ts': ['auth/register.ts'],
  'social/routes.ts': ['auth/register.ts', 'tenant/repository.ts'],
  // The user admin filters by the dept data scope and checks posts and depts it is given.
  'user/admin-repository.ts': ['dept/data-scope.ts'],
  'user/admin-service.ts': ['dept/data-scope.ts', 'dept/repository.ts', 'post/repository.ts'],
};

const escape = (path) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const allowedFrom = Object.keys(MODULE_ALLOW_LIST).map((from) => `${MODULES}${escape(from)}$`);

/** A module's own files, lib/, db/, plugins/, context and the contract: anything but another module. */
const moduleInternals = {
  name: 'server-module-internals',
  severity: 'error',
  comment:
    'A server module imports no other module at run time: shared helpers live in src/lib/, ' +
    "other modules' services come as deps wired in app.ts (importing their types is fine).",
  from: { path: `${MODULES}([^/]+)/`, pathNot: allowedFrom },
  // Files right under modules/ (the wiring contract every module implements) are shared.
  to: { path: `${MODULES}[^/]+/`, pathNot: `${MODULES}$1/`, dependencyTypesNot: ['type-only'] },
};

export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycle, counting type-only and lazy (import()) imports.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-feature-isolation',
      severity: 'error',
      comment: '功能模块之间不得互相引用，请通过 shell（layout/shared）共享。',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'web-shell-imports-no-feature',
      severity: 'error',
      comment: 'shared/ and layout/ are below the features: only app/ (the router) reaches them.',
      from: { path: `${WEB}(shared|layout)/` },
      to: { path: `${WEB}features/` },
    },
    moduleInternals,
    // The allow-listed importers: each may reach only the files listed for it.
    ...Object.entries(MODULE_ALLOW_LIST).map(([from, allowed]) => ({
      ...moduleInternals,
      from: { path: `${MODULES}${escape(from)}$` },
      to: {
        ...moduleInternals.to,
        pathNot: [
          `${MODULES}${escape(from.split('/')[0])}/`,
          ...allowed.map((to) => `${MODULES}${escape(to)}$`),
        ],
      },
    })),
    {
      name: 'server-lib-and-db-below-modules',
      severity: 'error',
      comment: 'lib/ and db/ serve every module, so they import no module, plugin or the app.',
      from: { path: '^packages/server/src/(lib|db)/' },
      to: { path: '^packages/server/src/(modules/|plugins/|app\\.ts$)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    // Type-only imports count: a cycle of types still ties the files together.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      exportsFields: ['exports'],
      // The workspace packages' TypeScript sources, as Vite and Vitest resolve them.
      conditionNames: ['source', 'import', 'default'],
    },
  },
};
