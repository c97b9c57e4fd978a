import { defineModule } from '../module.js';
import { registerOAuth2 } from './register.js';

export default defineModule(({ app, route, ctx, apiPrefix, tokens, tenants, files }) =>
  registerOAuth2(app, route, ctx, { apiPrefix, tokens, tenants, files }),
);
