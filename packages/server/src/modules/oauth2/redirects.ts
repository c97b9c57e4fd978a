/*
 * The addresses the authorize endpoint hands back (the reference's OAuth2Utils): the code in the
 * query, an implicit grant's token in the fragment, errors where the response type puts them.
 * Values are percent-encoded (a space is %20, never '+').
 */

const encode = (params: Record<string, string | number | undefined>): string =>
  Object.entries(params)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');

const appendQuery = (uri: string, params: Record<string, string | number | undefined>): string =>
  `${uri}${uri.includes('?') ? '&' : '?'}${encode(params)}`;

const appendFragment = (uri: string, params: Record<string, string | number | undefined>): string =>
  `${uri.split('#')[0]}#${encode(params)}`;

export const codeRedirect = (redirectUri: string, code: string, state: string | undefined): string =>
  appendQuery(redirectUri, { code, state });

export const implicitRedirect = (
  redirectUri: string,
  token: { accessToken: string; expiresIn: number; scopes: string[] },
  state: string | undefined,
  additionalInformation: string | null,
): string => {
  const extra: Record<string, string> = {};
  try {
    const info: unknown = additionalInformation ? JSON.parse(additionalInformation) : null;
    if (info && typeof info === 'object' && !Array.isArray(info))
      for (const [key, value] of Object.entries(info))
        if (value !== null && value !== undefined)
          extra[`extra_${key}`] = typeof value === 'string' ? value : JSON.stringify(value);
  } catch {
    // Not JSON: nothing extra to hand over.
  }
  // The refresh token never travels in a redirect.
  return appendFragment(redirectUri, {
    access_token: token.accessToken,
    token_type: 'bearer',
    state,
    expires_in: token.expiresIn,
    scope: token.scopes.length > 0 ? token.scopes.join(' ') : undefined,
    ...extra,
  });
};

export const deniedRedirect = (redirectUri: string, implicit: boolean, state: string | undefined): string => {
  const params = { error: 'access_denied', error_description: 'User denied access', state };
  return implicit ? appendFragment(redirectUri, params) : appendQuery(redirectUri, params);
};
