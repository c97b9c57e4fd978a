import { defineModule } from '../module.js';
import { addressService } from './address-service.js';
import { memberAuthService } from './auth-service.js';
import { memberAdminRoutes, memberAppRoutes } from './routes.js';
import { memberUserService } from './user-service.js';

/**
 * 会员中心: the shop's members in the console (会员管理), and the member API below /app-api, where
 * members sign in (password or SMS code, which registers them) and keep their profile and addresses.
 */
export default defineModule(({ route, ctx, tokens, smsCodes }) => {
  const services = {
    users: memberUserService(ctx, tokens),
    addresses: addressService(ctx),
    auth: memberAuthService(ctx, tokens, smsCodes),
  };
  memberAdminRoutes(route, services);
  memberAppRoutes(route, services);
});
