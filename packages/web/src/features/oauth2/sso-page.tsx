import { isRedirectUri, oauth2AuthorizeApprove, oauth2AuthorizeGet } from '@app/contract';
import type { OAuth2AuthorizeReq } from '@app/contract';
import { Avatar, Button, Checkbox, Result, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import logoUrl from '../../assets/logo.svg';
import { APP_TITLE, HOME_PATH } from '../../shared/config';
import { errorMessageOf, request } from '../../shared/request';
import { AntdProvider } from '../../shared/ui/antd-provider';
import './sso-page.css';

/** What the user reads for a scope; unknown scopes show as they are. */
const SCOPE_LABELS: Record<string, string> = {
  'user.read': '访问你的个人信息',
  'user.write': '修改你的个人信息',
};
const scopeLabel = (scope: string) => SCOPE_LABELS[scope] ?? scope;

interface AuthorizeParams {
  responseType: string;
  clientId: string;
  redirectUri: string;
  state: string | null;
  /** Asked for in the address (space-separated `scope`); empty: every scope of the client. */
  scopes: string[];
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
}

type Phase =
  | { kind: 'loading' }
  | { kind: 'ready'; client: { name: string; logo: string }; scopes: string[] }
  | { kind: 'redirecting' }
  | { kind: 'error'; message: string };

const readParams = (query: URLSearchParams): AuthorizeParams => ({
  responseType: query.get('response_type') ?? '',
  clientId: query.get('client_id') ?? '',
  redirectUri: query.get('redirect_uri') ?? '',
  state: query.get('state'),
  scopes: (query.get('scope') ?? '').split(' ').filter((s) => s !== ''),
  codeChallenge: query.get('code_challenge'),
  codeChallengeMethod: query.get('code_challenge_method'),
});

/** The consent call, form-encoded as the reference's /sso page sends it; resolves with the address to go to. */
const authorize = (params: AuthorizeParams, autoApprove: boolean, checked: string[], unchecked: string[]) => {
  const scope = Object.fromEntries([...checked.map((s) => [s, true]), ...unchecked.map((s) => [s, false])]);
  const body: OAuth2AuthorizeReq = {
    response_type: params.responseType,
    client_id: params.clientId,
    redirect_uri: params.redirectUri,
    auto_approve: autoApprove,
    scope: JSON.stringify(scope),
    ...(params.state !== null ? { state: params.state } : {}),
    ...(params.codeChallenge ? { code_challenge: params.codeChallenge } : {}),
    ...(params.codeChallengeMethod ? { code_challenge_method: params.codeChallengeMethod } : {}),
  };
  return request(oauth2AuthorizeApprove, {
    body,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    showError: false,
  });
};

/**
 * /sso: a signed-in user grants a third-party application access (OAuth2 authorize). Tries an
 * automatic approval first (earlier consent or the client's auto-approve scopes) and goes straight
 * back to the application when it passes; otherwise shows the application and its scopes.
 */
export function SsoPage() {
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const params = useMemo(() => readParams(query), [query]);
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [checked, setChecked] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState<'approve' | 'deny' | null>(null);

  const leave = (url: string | null) => {
    if (!url) return false;
    if (!isRedirectUri(url)) {
      setPhase({ kind: 'error', message: '授权返回的跳转地址不正确' });
      return true;
    }
    setPhase({ kind: 'redirecting' });
    window.location.href = url;
    return true;
  };

  const incomplete = !params.responseType || !params.clientId || !params.redirectUri;
  const shown: Phase = incomplete
    ? { kind: 'error', message: '授权参数不完整：需要 response_type、client_id 和 redirect_uri' }
    : phase;

  useEffect(() => {
    if (incomplete) return;
    let cancelled = false;
    void (async () => {
      try {
        if (params.scopes.length > 0 && leave(await authorize(params, true, params.scopes, []))) return;
        const info = await request(oauth2AuthorizeGet, {
          query: { clientId: params.clientId },
          showError: false,
        });
        if (cancelled) return;
        const offered =
          params.scopes.length > 0 ? info.scopes.filter((s) => params.scopes.includes(s.key)) : info.scopes;
        setChecked(offered.filter((s) => s.value).map((s) => s.key));
        setPhase({ kind: 'ready', client: info.client, scopes: offered.map((s) => s.key) });
      } catch (error) {
        if (!cancelled) setPhase({ kind: 'error', message: errorMessageOf(error) });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [params, incomplete]);

  const answer = async (approved: boolean) => {
    if (phase.kind !== 'ready') return;
    setSubmitting(approved ? 'approve' : 'deny');
    const yes = approved ? checked : [];
    try {
      leave(
        await authorize(
          params,
          false,
          yes,
          phase.scopes.filter((s) => !yes.includes(s)),
        ),
      );
    } catch (error) {
      setPhase({ kind: 'error', message: errorMessageOf(error) });
    } finally {
      setSubmitting(null);
    }
  };

  return (
    <AntdProvider>
      <main className="sso-page">
        <section className="sso-card" aria-label="三方授权">
          <header className="sso-header">
            <img src={logoUrl} alt="" width={40} height={40} />
            <h1>{APP_TITLE}</h1>
          </header>
          {shown.kind === 'loading' && (
            <Spin className="sso-wait" tip="正在加载授权信息…" size="large">
              <div />
            </Spin>
          )}
          {shown.kind === 'redirecting' && (
            <Spin className="sso-wait" tip="授权成功，正在返回应用…" size="large">
              <div />
            </Spin>
          )}
          {shown.kind === 'error' && (
            <Result
              status="warning"
              title="无法完成授权"
              subTitle={shown.message}
              extra={
                <Button type="primary" onClick={() => navigate(HOME_PATH)}>
                  返回首页
                </Button>
              }
            />
          )}
          {shown.kind === 'ready' && (
            <>
              <div className="sso-client">
                {shown.client.logo ? (
                  <Avatar
                    shape="square"
                    size={48}
                    src={shown.client.logo}
                    alt={`${shown.client.name}的图标`}
                  />
                ) : (
                  <Avatar shape="square" size={48}>
                    {shown.client.name.slice(0, 1)}
                  </Avatar>
                )}
                <h2>三方授权（{shown.client.name}）</h2>
              </div>
              <p className="sso-ask">此第三方应用请求获得以下权限：</p>
              {shown.scopes.length > 0 ? (
                <Checkbox.Group
                  className="sso-scopes"
                  value={checked}
                  onChange={(values) => setChecked(values)}
                  options={shown.scopes.map((s) => ({ label: scopeLabel(s), value: s }))}
                />
              ) : (
                <p className="sso-none">该应用没有申请任何权限，无法授权。</p>
              )}
              <div className="sso-buttons">
                <Button
                  type="primary"
                  size="large"
                  className="sso-approve"
                  loading={submitting === 'approve'}
                  disabled={checked.length === 0 || submitting !== null}
                  onClick={() => void answer(true)}
                >
                  {submitting === 'approve' ? '授 权 中...' : '同意授权'}
                </Button>
                <Button
                  size="large"
                  className="sso-deny"
                  loading={submitting === 'deny'}
                  disabled={submitting !== null}
                  onClick={() => void answer(false)}
                >
                  拒绝
                </Button>
              </div>
              {checked.length === 0 && shown.scopes.length > 0 && (
                <p className="sso-hint">请至少选择一项权限后再同意授权</p>
              )}
            </>
          )}
        </section>
      </main>
    </AntdProvider>
  );
}

export default SsoPage;
