import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import logoUrl from '../../assets/logo.svg';
import { setLoginTime, setToken } from '../../shared/auth/storage';
import { APP_TITLE } from '../../shared/config';
import { safeRedirect } from '../../shared/navigation/safe-redirect';
import type { LoginResult } from './api';
import { LoadingIcon } from './login-icons';
import './login-page.css';
import './auth-card.css';

const COPYRIGHT_YEAR = new Date().getFullYear();

/** The login page's card, for the other public pages (social sign-in, binding, registration). */
export function AuthCard({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  return (
    <main className="login-page">
      <section className="login-card" aria-labelledby="login-title">
        <header className="login-header">
          <img src={logoUrl} alt="" width={44} height={44} />
          <div>
            <h1 id="login-title">{APP_TITLE}</h1>
            <p>{subtitle}</p>
          </div>
        </header>
        {children}
      </section>
      <footer className="login-footer">
        Copyright © {COPYRIGHT_YEAR} {APP_TITLE} · All Rights Reserved
      </footer>
    </main>
  );
}

/** What the card shows while a request runs. */
export function AuthWaiting({ text }: { text: string }) {
  return (
    <p className="auth-waiting" role="status">
      <LoadingIcon className="auth-waiting-icon" />
      {text}
    </p>
  );
}

/** Keeps the tokens, as password sign-in does, and opens the target page. */
export const useFinishSignIn = () => {
  const navigate = useNavigate();
  return async (token: LoginResult, redirect: string | null): Promise<void> => {
    setToken(token);
    setLoginTime();
    await navigate(safeRedirect(redirect), { replace: true });
  };
};
