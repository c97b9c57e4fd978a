import { AuthError, authSocialLogin } from '@app/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { errorMessageOf, isApiError, request } from '../../shared/request';
import { AuthCard, AuthWaiting, useFinishSignIn } from './auth-card';
import { AuthAlert } from './login-field';
import { quiet } from './social-api';
import { SocialBindForm } from './social-bind-form';
import { loginPath, readSocialQuery } from './social-query';

type Phase = 'signing-in' | 'not-bound' | 'failed';

const socialLogin = (type: number, code: string, state: string) =>
  request(authSocialLogin, { body: { type, code, state }, ...quiet });

/**
 * /social-login: where a platform sends the browser back. Signs in with the code and state; an
 * account not bound yet (未绑定账号) gets the account and password form that binds it and signs in.
 */
export function SocialLoginPage() {
  const { search } = useLocation();
  const query = useMemo(() => readSocialQuery(search), [search]);
  const complete = query.type !== null && !!query.code && !!query.state;
  const finish = useFinishSignIn();
  const [phase, setPhase] = useState<Phase>(complete ? 'signing-in' : 'failed');
  const [error, setError] = useState<string>(complete ? '' : '缺少社交授权参数，请重新登录');
  const started = useRef(false);

  useEffect(() => {
    if (!complete || started.current) return;
    started.current = true;
    socialLogin(query.type!, query.code!, query.state!).then(
      (token) => finish(token, query.redirect),
      (caught: unknown) => {
        if (isApiError(caught) && caught.code === AuthError.THIRD_LOGIN_NOT_BIND.code) {
          setPhase('not-bound');
          return;
        }
        setError(errorMessageOf(caught));
        setPhase('failed');
      },
    );
  }, [complete, finish, query]);

  return (
    <AuthCard subtitle={phase === 'not-bound' ? '绑定系统账号' : '社交账号登录'}>
      {phase === 'signing-in' && <AuthWaiting text="正在登录，请稍候…" />}
      {phase === 'failed' && <AuthAlert message={error} />}
      {phase === 'not-bound' && (
        <>
          <p className="auth-hint">
            未绑定账号：请输入系统账号和密码完成绑定，之后可直接使用该社交账号登录。
          </p>
          <SocialBindForm
            social={{ type: query.type!, code: query.code!, state: query.state! }}
            onSignedIn={(token) => finish(token, query.redirect)}
          />
        </>
      )}
      <div className="auth-links">
        <Link to={loginPath(query.redirect)}>返回登录</Link>
      </div>
    </AuthCard>
  );
}

export default SocialLoginPage;
