import { defineModule } from '../module.js';
import { registerSms } from './register.js';

export default defineModule(({ app, route, ctx, tokens, smsCodes }) =>
  registerSms(app, route, ctx, tokens, smsCodes),
);
