import { defineModule } from '../module.js';
import { registerMail } from './register.js';

export default defineModule(({ app, route, ctx }) => registerMail(app, route, ctx));
