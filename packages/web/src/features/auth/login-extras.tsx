import { SOCIAL_TYPE } from '@app/contract';
import type { LoginOptions } from '@app/contract';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { TENANT_ENABLE } from '../../shared/config';
import { browser } from '../../shared/navigation/browser';
import { errorMessageOf } from '../../shared/request';
import { AuthAlert } from './login-field';
import { LoadingIcon } from './login-icons';
import { loginOptions, socialAuthRedirect, socialCallbackUrl } from './social-api';
import './login-extras.css';

/** Each platform's badge: a letter on its colour; the generic provider shows its name's first character. */
const BADGES: Record<number, { text: string; color: string }> = {
  [SOCIAL_TYPE.GITEE]: { text: 'G', color: '#c71d23' },
  [SOCIAL_TYPE.DINGTALK]: { text: '钉', color: '#1677ff' },
  [SOCIAL_TYPE.WECHAT_ENTERPRISE]: { text: '企', color: '#07c160' },
};

/** Asks again this long after the tenant name stops changing. */
const TENANT_SETTLE_MS = 400;

export interface LoginExtrasProps {
  /** The tenant field's value (the options are the tenant's). */
  tenantName: string;
  /** Looks the tenant up and keeps its id for the requests; false when it does not exist. */
  resolveTenant: () => Promise<boolean>;
  /** Where to go once signed in. */
  redirect: string;
}

/**
 * Below the sign-in forms: the social sign-ins the tenant offers (each sends the browser to its
 * platform) and 立即注册 when self-registration is open. Shows nothing until the server has said.
 */
export function LoginExtras({ tenantName, resolveTenant, redirect }: LoginExtrasProps) {
  const [options, setOptions] = useState<LoginOptions | null>(null);
  const [leaving, setLeaving] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const name = TENANT_ENABLE ? tenantName.trim() : '';

  // Asked at once as the page shows, then again once a changed tenant name settles.
  const asked = useRef(false);
  useEffect(() => {
    let active = true;
    const timer = setTimeout(
      () =>
        void loginOptions(name || undefined).then(
          // Anything but the expected answer shows nothing: the page must sign in whatever happens here.
          (answer) => active && setOptions(Array.isArray(answer?.socialTypes) ? answer : null),
          () => active && setOptions(null),
        ),
      asked.current ? TENANT_SETTLE_MS : 0,
    );
    asked.current = true;
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [name]);

  const signInWith = async (type: number) => {
    setError(null);
    setLeaving(type);
    try {
      if (!(await resolveTenant())) return setLeaving(null);
      browser.assign(await socialAuthRedirect(type, socialCallbackUrl(type, redirect)));
    } catch (caught) {
      setError(errorMessageOf(caught));
      setLeaving(null);
    }
  };

  if (!options || (options.socialTypes.length === 0 && !options.registerEnabled)) return null;
  return (
    <div className="login-extras">
      {error && <AuthAlert message={error} />}
      <div className="login-extras-row">
        {options.socialTypes.length > 0 && (
          <div className="login-social" role="group" aria-label="其他登录方式">
            <span className="login-social-label">其他登录方式</span>
            {options.socialTypes.map((s) => {
              const badge = BADGES[s.type] ?? { text: s.name.slice(0, 1), color: '#409eff' };
              return (
                <button
                  key={s.type}
                  type="button"
                  className="login-social-button"
                  style={{ background: badge.color }}
                  aria-label={`使用${s.name}账号`}
                  title={s.name}
                  disabled={leaving !== null}
                  onClick={() => void signInWith(s.type)}
                >
                  {leaving === s.type ? <LoadingIcon className="login-submit-loading" /> : badge.text}
                </button>
              );
            })}
          </div>
        )}
        {options.registerEnabled && (
          <Link className="login-register-link" to="/register">
            立即注册
          </Link>
        )}
      </div>
    </div>
  );
}
