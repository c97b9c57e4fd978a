import { defineModule } from '../module.js';
import { registerSocial } from './register.js';

export default defineModule(({ route, ctx, tokens }) => registerSocial(route, ctx, tokens));
