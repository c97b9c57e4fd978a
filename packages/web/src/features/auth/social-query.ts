/** What a platform's return to the console carries: the platform, the page to open, and its code and state. */
export interface SocialQuery {
  type: number | null;
  redirect: string | null;
  code: string | null;
  state: string | null;
}

/**
 * Reads a return address's query. `type` and `redirect` may also come as the reference client sends
 * them, encoded together as one key (`?type%3D20%26redirect%3D%2Findex&code=..&state=..`); DingTalk
 * names the code `authCode`.
 */
export const readSocialQuery = (search: string): SocialQuery => {
  const params = new URLSearchParams(search);
  let type = params.get('type');
  let redirect = params.get('redirect');
  if (!type)
    for (const key of params.keys()) {
      if (!key.includes('=')) continue;
      const inner = new URLSearchParams(key);
      type ??= inner.get('type');
      redirect ??= inner.get('redirect');
    }
  const typeNumber = type && /^\d+$/.test(type) ? Number(type) : null;
  return {
    type: typeNumber,
    redirect,
    code: params.get('code') ?? params.get('authCode'),
    state: params.get('state'),
  };
};

/** The login page, coming back to `redirect` afterwards. */
export const loginPath = (redirect: string | null): string =>
  redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login';
