import { socialUserBind } from '@app/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { getAccessToken } from '../../shared/auth/storage';
import { errorMessageOf, request } from '../../shared/request';
import { AuthCard, AuthWaiting, useFinishSignIn } from './auth-card';
import { AuthAlert } from './login-field';
import { CheckCircleIcon } from './login-icons';
import { SocialBindForm } from './social-bind-form';
import { loginPath, readSocialQuery } from './social-query';

type Phase = 'binding' | 'bound' | 'sign-in' | 'failed';

const PROFILE_PATH = '/user/profile';

/**
 * /bind: where a platform sends the browser back when an account is bound from the personal centre.
 * Signed in, the account is bound to the current user; otherwise the account and password form binds
 * it while signing in.
 */
export function BindPage() {
  const { search } = useLocation();
  const query = useMemo(() => readSocialQuery(search), [search]);
  const complete = query.type !== null && !!query.code && !!query.state;
  const signedIn = !!getAccessToken();
  const finish = useFinishSignIn();
  const [phase, setPhase] = useState<Phase>(!complete ? 'failed' : signedIn ? 'binding' : 'sign-in');
  const [error, setError] = useState(complete ? '' : '缺少社交授权参数，请重新发起绑定');
  const started = useRef(false);

  useEffect(() => {
    if (phase !== 'binding' || started.current) return;
    started.current = true;
    request(socialUserBind, {
      body: { type: query.type!, code: query.code!, state: query.state! },
      showError: false,
    }).then(
      () => setPhase('bound'),
      (caught: unknown) => {
        setError(errorMessageOf(caught));
        setPhase('failed');
      },
    );
  }, [phase, query]);

  return (
    <AuthCard subtitle="绑定社交账号">
      {phase === 'binding' && <AuthWaiting text="正在绑定，请稍候…" />}
      {phase === 'failed' && <AuthAlert message={error} />}
      {phase === 'bound' && (
        <div className="login-notice" role="status">
          <span className="login-notice-icon">
            <CheckCircleIcon />
          </span>
          <span>绑定成功，之后可直接使用该社交账号登录</span>
        </div>
      )}
      {phase === 'sign-in' && (
        <>
          <p className="auth-hint">请输入系统账号和密码，登录并绑定该社交账号。</p>
          <SocialBindForm
            social={{ type: query.type!, code: query.code!, state: query.state! }}
            onSignedIn={(token) => finish(token, query.redirect ?? PROFILE_PATH)}
          />
        </>
      )}
      <div className="auth-links">
        {signedIn ? (
          <Link to={PROFILE_PATH}>返回个人中心</Link>
        ) : (
          <Link to={loginPath(query.redirect)}>返回登录</Link>
        )}
      </div>
    </AuthCard>
  );
}

export default BindPage;
