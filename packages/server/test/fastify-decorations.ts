// The modules that decorate Fastify are loaded by directory at run time; naming them here gives the
// tests, which read the server's declarations, the same decorations the server has.
export type {} from '../src/modules/sms/register.js';
export type {} from '../src/modules/mail/register.js';
export type {} from '../src/modules/bpm/runtime/register.js';
export type {} from '../src/modules/job/module.js';
export type {} from '../src/plugins/api-log.js';
export type {} from '../src/modules/pay/module.js';
