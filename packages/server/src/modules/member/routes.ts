import type { Endpoint } from '@app/contract';
import {
  appMemberAddressCreate,
  appMemberAddressDelete,
  appMemberAddressGet,
  appMemberAddressGetDefault,
  appMemberAddressList,
  appMemberAddressUpdate,
  appMemberAuthLogin,
  appMemberAuthLogout,
  appMemberAuthRefreshToken,
  appMemberAuthSendSmsCode,
  appMemberAuthSmsLogin,
  appMemberUserGet,
  appMemberUserUpdate,
  memberAddressList,
  memberUserGet,
  memberUserPage,
  memberUserUpdate,
  memberUserUpdateLevel,
  memberUserUpdateStatus,
} from '@app/contract';
import type { HandlerRequest, RouteRegistrar } from '../../plugins/routes.js';
import type { AddressService } from './address-service.js';
import type { MemberAuthService, MemberClient } from './auth-service.js';
import type { MemberUserService } from './user-service.js';

interface Services {
  users: MemberUserService;
  addresses: AddressService;
  auth: MemberAuthService;
}

/** 会员管理 in the console (/admin-api/member/*); the wallet is the pay module's. */
export const memberAdminRoutes = (route: RouteRegistrar, { users, addresses }: Services): void => {
  route(memberUserPage, ({ user, query }) => users.page(user, query));
  route(memberUserGet, ({ user, query }) => users.get(user, query.id));
  route(memberUserUpdate, ({ user, body }) => users.update(user, body));
  route(memberUserUpdateLevel, ({ user, body }) => users.updateLevel(user, body));
  route(memberUserUpdateStatus, ({ user, body }) => users.updateStatus(user, body));
  route(memberAddressList, async ({ user, query }) => {
    await users.check(user, query.userId);
    return addresses.listOf(user.tenantId, query.userId);
  });
};

const clientOf = (
  req: Pick<HandlerRequest<Endpoint>, 'tenantId' | 'ip' | 'userAgent' | 'traceId' | 'raw'>,
): MemberClient => {
  const terminal = req.raw.headers.terminal;
  return {
    tenantId: req.tenantId!,
    ip: req.ip,
    userAgent: req.userAgent,
    traceId: req.traceId,
    terminal: Array.isArray(terminal) ? terminal[0] : terminal,
  };
};

/** The member API (/app-api/member/*): sign-in, the member's profile and addresses. */
export const memberAppRoutes = (route: RouteRegistrar, { users, addresses, auth }: Services): void => {
  route(appMemberAuthLogin, (req) => auth.login(req.body, clientOf(req)));
  route(appMemberAuthSendSmsCode, (req) => auth.sendSmsCode(req.body, clientOf(req)));
  route(appMemberAuthSmsLogin, (req) => auth.smsLogin(req.body, clientOf(req)));
  route(appMemberAuthLogout, (req) => auth.logout(req.bearerToken, clientOf(req)));
  route(appMemberAuthRefreshToken, ({ query, tenantId }) => auth.refresh(query.refreshToken, tenantId));

  route(appMemberUserGet, ({ user }) => users.profile(user));
  route(appMemberUserUpdate, ({ user, body }) => users.updateProfile(user, body));

  route(appMemberAddressList, ({ user }) => addresses.list(user));
  route(appMemberAddressGet, ({ user, query }) => addresses.get(user, query.id));
  route(appMemberAddressGetDefault, ({ user }) => addresses.getDefault(user));
  route(appMemberAddressCreate, ({ user, body }) => addresses.create(user, body));
  route(appMemberAddressUpdate, ({ user, body }) => addresses.update(user, body));
  route(appMemberAddressDelete, ({ user, query }) => addresses.delete(user, query.id));
};
