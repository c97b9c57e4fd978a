import { authLogin, tenantGetIdByName } from '@app/contract';
import type { EndpointBody, EndpointData } from '@app/contract';
import { request } from '../../shared/request';

export type LoginBody = EndpointBody<typeof authLogin>;
export type LoginResult = EndpointData<typeof authLogin>;

/** Password sign-in. Sent without a token; failures are shown by the login form, not the request layer. */
export const login = (body: LoginBody): Promise<LoginResult> =>
  request(authLogin, { body, isToken: false, showError: false, reloginDialog: false });

/** The id of a tenant by its name, or null when there is none of that name. */
export const tenantIdByName = (name: string): Promise<number | null> =>
  request(tenantGetIdByName, { query: { name }, isToken: false, showError: false, reloginDialog: false });
