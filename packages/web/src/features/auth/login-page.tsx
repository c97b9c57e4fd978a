import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent, KeyboardEvent, ReactElement } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  getRememberMe,
  getTenantName,
  getUsername,
  removeRememberMe,
  removeUsername,
  setLoginTime,
  setRememberMe,
  setTenantId,
  setTenantName,
  setToken,
  setUsername,
} from '../../shared/auth/storage';
import { forgetPassword, recallPassword, rememberPassword } from '../../shared/auth/remembered-password';
import { DEFAULT_TENANT_NAME, TENANT_ENABLE } from '../../shared/config';
import { safeRedirect } from '../../shared/navigation/safe-redirect';
import { prefetchShell } from '../../shared/navigation/shell-prefetch';
import { errorMessageOf } from '../../shared/request';
import { login, tenantIdByName, type LoginResult } from './api';
import { AuthCard } from './auth-card';
import {
  AuthAlert,
  CaptchaPuzzle,
  FormTextField,
  PasswordField,
  SubmitButton,
  UsernameField,
} from './login-field';
import { EyeIcon, EyeInvisibleIcon, LoadingIcon, TenantIcon } from './login-icons';
import { isCaptchaEnabled } from './captcha/enabled';
import { LoginExtras } from './login-extras';
import { useSubmission } from './use-submission';
import './login-page.css';

// The slider captcha is its own chunk, loaded when first needed.
/** The SMS tab (and the SMS schemas) load when it is first chosen, or hovered. */
const loadSmsLoginForm = () => import('./sms-login-form');
const SmsLoginForm = lazy(loadSmsLoginForm);

interface PasswordForm {
  tenantName: string;
  username: string;
  password: string;
  rememberMe: boolean;
}

type TextField = 'tenantName' | 'username' | 'password';
type FieldErrors = Partial<Record<TextField, string>>;

/** The required-field rules: the tenant (when multi-tenancy is on) and the account must not be blank, the password must not be empty. */
const validateField = (field: TextField, value: string): string | undefined => {
  if (field === 'tenantName') return !TENANT_ENABLE || value.trim() ? undefined : '租户不能为空';
  if (field === 'username') return value.trim() ? undefined : '请输入账号';
  return value ? undefined : '请输入密码';
};

type Method = 'password' | 'sms';

/**
 * Sign-in with account and password, or with a code sent by SMS (two tabs; both stay mounted so
 * that switching keeps what was typed and the code countdown). Plain HTML and CSS in antd's look:
 * the login page loads no antd, only the request layer.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [values, setValues] = useState<PasswordForm>(() => {
    const rememberMe = getRememberMe();
    return {
      tenantName: getTenantName() ?? DEFAULT_TENANT_NAME,
      username: rememberMe ? (getUsername() ?? '') : '',
      password: '',
      rememberMe,
    };
  });
  // A remembered password is decrypted after the first render (WebCrypto is asynchronous); typing
  // first wins.
  useEffect(() => {
    if (!getRememberMe()) return;
    let active = true;
    void recallPassword().then((password) => {
      if (active && password) setValues((current) => (current.password ? current : { ...current, password }));
    });
    return () => {
      active = false;
    };
  }, []);
  const [method, setMethod] = useState<Method>('password');
  const [smsOpened, setSmsOpened] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [passwordVisible, setPasswordVisible] = useState(false);
  const { submitting, error, setError, run } = useSubmission();
  const [captchaOpen, setCaptchaOpen] = useState(false);
  // Asked once per page, as soon as it shows, so that signing in waits for nothing it could know.
  const captchaFlag = useRef<Promise<boolean> | null>(null);
  const captchaRequired = () => (captchaFlag.current ??= isCaptchaEnabled());
  // A tenant name's id, looked up once per name (a failed look-up is tried again).
  const tenantLookup = useRef<{ name: string; id: Promise<number | null> } | null>(null);
  const lookUpTenant = (name: string): Promise<number | null> => {
    if (tenantLookup.current?.name !== name) {
      const id = tenantIdByName(name).catch((caught: unknown) => {
        tenantLookup.current = null;
        throw caught;
      });
      tenantLookup.current = { name, id };
    }
    return tenantLookup.current.id;
  };
  const initialTenantName = useRef(values.tenantName.trim());
  useEffect(() => {
    captchaFlag.current ??= isCaptchaEnabled();
    const name = initialTenantName.current;
    if (TENANT_ENABLE && name && !tenantLookup.current)
      tenantLookup.current = {
        name,
        id: tenantIdByName(name).catch(() => {
          tenantLookup.current = null;
          return null;
        }),
      };
  }, []);
  // Each click restarts the button's click wave (antd's Wave effect).
  const [wave, setWave] = useState(0);

  // The submit button is disabled while signing in, which takes the focus from it: give it back.
  const submitRef = useRef<HTMLButtonElement>(null);
  const refocusSubmit = useRef(false);
  useEffect(() => {
    if (submitting || !refocusSubmit.current) return;
    refocusSubmit.current = false;
    submitRef.current?.focus();
  }, [submitting]);

  const change = (next: Partial<PasswordForm>) => {
    setValues((current) => ({ ...current, ...next }));
    // Editing the form clears the server message.
    if (error) setError(null);
  };

  // Like antd's Form: a field is checked again on every change.
  const onTextChange = (field: TextField) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    change({ [field]: value });
    setFieldErrors((current) => ({ ...current, [field]: validateField(field, value) }));
  };

  /** Looks the tenant up by name and keeps its id for the requests that follow; false if there is none. */
  const resolveTenant = async (): Promise<boolean> => {
    const name = values.tenantName.trim();
    const required = validateField('tenantName', name);
    if (required) {
      setFieldErrors((current) => ({ ...current, tenantName: required }));
      return false;
    }
    const id = await lookUpTenant(name);
    if (id === null) {
      setFieldErrors((current) => ({ ...current, tenantName: '租户不存在' }));
      return false;
    }
    setTenantId(id);
    setTenantName(name);
    return true;
  };

  const onTenantBlur = () => {
    resolveTenant().catch((caught: unknown) => setError(errorMessageOf(caught)));
  };

  /** Keeps the tokens and opens the target page; resolves once it (and the session) has loaded. */
  const signedIn = async (token: LoginResult) => {
    setToken(token);
    setLoginTime();
    await navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const errors: FieldErrors = {
      tenantName: validateField('tenantName', values.tenantName),
      username: validateField('username', values.username),
      password: validateField('password', values.password),
    };
    setFieldErrors(errors);
    if (errors.tenantName || errors.username || errors.password) return;
    await signIn();
  };

  const signIn = async (captchaVerification?: string) => {
    const username = values.username.trim();
    refocusSubmit.current = document.activeElement === submitRef.current;
    await run(async () => {
      // Unless the server says the captcha is off, the puzzle comes first; solving it signs in.
      const [tenantFound, puzzleFirst] = await Promise.all([
        TENANT_ENABLE ? resolveTenant() : true,
        captchaVerification ? false : captchaRequired(),
      ]);
      if (!tenantFound) return;
      if (puzzleFirst) {
        setCaptchaOpen(true);
        return;
      }
      const token = await login({
        username,
        password: values.password,
        ...(captchaVerification ? { captchaVerification } : {}),
      });
      if (values.rememberMe) {
        setUsername(username);
        setRememberMe(true);
        void rememberPassword(values.password);
      } else {
        removeUsername();
        removeRememberMe();
        forgetPassword();
      }
      await signedIn(token);
    });
  };

  const passwordToggle = (
    <button
      type="button"
      className="login-password-toggle"
      aria-label={passwordVisible ? '隐藏密码' : '显示密码'}
      // Keeps the focus (and the caret) in the password input.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => setPasswordVisible((visible) => !visible)}
    >
      {passwordVisible ? <EyeIcon /> : <EyeInvisibleIcon />}
    </button>
  );

  // Each tab has its own tenant input (ids differ); both edit the same tenant name.
  const tenantField = (field: string, of: Method) =>
    TENANT_ENABLE ? (
      <FormTextField
        field={field}
        error={of === method ? fieldErrors.tenantName : undefined}
        icon={<TenantIcon />}
        input={{
          type: 'text',
          value: values.tenantName,
          onChange: onTextChange('tenantName'),
          onBlur: onTenantBlur,
          placeholder: '租户',
          'aria-label': '租户',
          autoComplete: 'organization',
          maxLength: 30,
        }}
      />
    ) : null;

  const passwordTab = (
    <form
      id="login"
      className="login-form"
      autoComplete="on"
      noValidate
      onSubmit={onSubmit}
      onFocus={prefetchShell}
    >
      {error && <AuthAlert message={error} />}
      {tenantField('tenantName', 'password')}
      <UsernameField
        value={values.username}
        onChange={onTextChange('username')}
        error={fieldErrors.username}
      />
      <PasswordField
        value={values.password}
        onChange={onTextChange('password')}
        error={fieldErrors.password}
        visible={passwordVisible}
        toggle={passwordToggle}
      />
      <div className="login-remember">
        <label className="login-checkbox">
          <span className="login-checkbox-control">
            <input
              type="checkbox"
              id="login_rememberMe"
              checked={values.rememberMe}
              onChange={(event) => change({ rememberMe: event.target.checked })}
            />
            <span className="login-checkbox-box" aria-hidden="true" />
          </span>
          <span className="login-checkbox-label">记住我</span>
        </label>
      </div>
      <SubmitButton
        ref={submitRef}
        submitting={submitting}
        label="登 录"
        onClick={() => setWave((count) => count + 1)}
      >
        {wave > 0 && <span key={wave} className="login-submit-wave" aria-hidden="true" />}
      </SubmitButton>
    </form>
  );

  // Kept once opened, so that switching tabs keeps the code's countdown.
  if (method === 'sms' && !smsOpened) setSmsOpened(true);
  const smsTab = smsOpened && (
    <Suspense fallback={<LoadingIcon className="login-tab-loading" />}>
      <SmsLoginForm
        tenantField={tenantField('smsTenantName', 'sms')}
        resolveTenant={resolveTenant}
        onSignedIn={signedIn}
      />
    </Suspense>
  );

  const methods: { key: Method; label: string; content: ReactElement | false }[] = [
    { key: 'password', label: '账号密码登录', content: passwordTab },
    { key: 'sms', label: '短信验证码登录', content: smsTab },
  ];
  // Arrow keys move between the tabs, as in a WAI-ARIA tab list.
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const step = event.key === 'ArrowRight' ? 1 : methods.length - 1;
    const next = methods[(methods.findIndex((m) => m.key === method) + step) % methods.length]!;
    setMethod(next.key);
    document.getElementById(`login-tab-${next.key}`)?.focus();
  };

  return (
    <AuthCard subtitle="欢迎回来，请登录您的账号">
      <div className="login-methods" role="tablist" aria-label="登录方式">
        {methods.map((m) => (
          <button
            key={m.key}
            type="button"
            role="tab"
            id={`login-tab-${m.key}`}
            aria-selected={m.key === method}
            aria-controls={`login-panel-${m.key}`}
            tabIndex={m.key === method ? 0 : -1}
            className="login-method"
            onClick={() => setMethod(m.key)}
            onPointerEnter={m.key === 'sms' ? () => void loadSmsLoginForm() : undefined}
            onKeyDown={onTabKeyDown}
          >
            {m.label}
          </button>
        ))}
      </div>
      {methods.map((m) => (
        <div
          key={m.key}
          role="tabpanel"
          id={`login-panel-${m.key}`}
          aria-labelledby={`login-tab-${m.key}`}
          hidden={m.key !== method}
        >
          {m.content}
        </div>
      ))}
      <LoginExtras
        tenantName={values.tenantName}
        resolveTenant={resolveTenant}
        redirect={safeRedirect(searchParams.get('redirect'))}
      />
      {captchaOpen && (
        <CaptchaPuzzle
          onClose={() => setCaptchaOpen(false)}
          onVerified={(verification) => void signIn(verification)}
        />
      )}
    </AuthCard>
  );
}

export default LoginPage;
