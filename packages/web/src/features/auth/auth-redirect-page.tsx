import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { BASE_URL } from '../../shared/config';
import { AuthCard, AuthWaiting } from './auth-card';

/**
 * /auth-redirect: a platform's return address for sign-ins opened in a popup. Hands the query (code,
 * state, type, redirect) to the window that opened it, on /social-login, and closes; opened directly,
 * it goes on to /social-login itself.
 */
export function AuthRedirectPage() {
  const { search } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const opener = window.opener as Window | null;
    if (opener && opener !== window) {
      try {
        opener.location.href = `${window.location.origin}${BASE_URL}social-login${search}`;
        window.close();
        return;
      } catch {
        // Another origin's window: carry on here.
      }
    }
    void navigate(`/social-login${search}`, { replace: true });
  }, [navigate, search]);

  return (
    <AuthCard subtitle="社交账号登录">
      <AuthWaiting text="正在跳转，请稍候…" />
    </AuthCard>
  );
}

export default AuthRedirectPage;
