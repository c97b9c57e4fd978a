import { authRegister, REGISTER_PASSWORD_RULE } from '@app/contract';
import type { AuthRegisterReq } from '@app/contract';
import { useEffect, useState } from 'react';
import type { ChangeEvent, FormEvent, ReactElement } from 'react';
import { Link } from 'react-router';
import { getTenantName, setTenantId, setTenantName } from '../../shared/auth/storage';
import { DEFAULT_TENANT_NAME, TENANT_ENABLE } from '../../shared/config';
import { errorMessageOf, request } from '../../shared/request';
import { tenantIdByName } from './api';
import { AuthCard, AuthWaiting, useFinishSignIn } from './auth-card';
import { isCaptchaEnabled } from './captcha/enabled';
import { AuthAlert, CaptchaPuzzle, FormTextField, SubmitButton } from './login-field';
import { LockIcon, TenantIcon, UserIcon } from './login-icons';
import { loginOptions, quiet } from './social-api';
import { useSubmission } from './use-submission';

const registerAccount = (body: AuthRegisterReq) => request(authRegister, { body, ...quiet });

type Field = 'tenantName' | 'username' | 'nickname' | 'password' | 'confirmPassword';
type Values = Record<Field, string>;

const USERNAME = /^[A-Za-z0-9]{4,16}$/;
const strongEnough = (password: string) =>
  password.length >= 8 && password.length <= 16 && /[A-Za-z]/.test(password) && /\d/.test(password);

/** The rules the server applies too, checked as the user types. */
const validate = (field: Field, values: Values): string | undefined => {
  const value = values[field];
  switch (field) {
    case 'tenantName':
      return !TENANT_ENABLE || value.trim() ? undefined : '租户不能为空';
    case 'username':
      if (!value.trim()) return '请输入账号';
      return USERNAME.test(value.trim()) ? undefined : '账号由 4-16 位数字、字母组成';
    case 'nickname':
      if (!value.trim()) return '请输入昵称';
      return value.trim().length <= 30 ? undefined : '昵称长度不能超过 30 个字符';
    case 'password':
      if (!value) return '请输入密码';
      return strongEnough(value) ? undefined : REGISTER_PASSWORD_RULE;
    case 'confirmPassword':
      if (!value) return '请再次输入密码';
      return value === values.password ? undefined : '两次输入的密码不一致';
  }
};

const FIELDS: Field[] = ['tenantName', 'username', 'nickname', 'password', 'confirmPassword'];

/**
 * /register: self-registration, when the configuration opens it. The new account is signed in at
 * once and the home page opens.
 */
export function RegisterPage() {
  const finish = useFinishSignIn();
  const [values, setValues] = useState<Values>(() => ({
    tenantName: getTenantName() ?? DEFAULT_TENANT_NAME,
    username: '',
    nickname: '',
    password: '',
    confirmPassword: '',
  }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [open, setOpen] = useState<boolean | null>(null);
  const { submitting, error, setError, run } = useSubmission();
  const [captchaOpen, setCaptchaOpen] = useState(false);

  useEffect(() => {
    let active = true;
    loginOptions().then(
      (options) => active && setOpen(options.registerEnabled),
      (caught: unknown) => {
        if (!active) return;
        setError(errorMessageOf(caught));
        setOpen(false);
      },
    );
    return () => {
      active = false;
    };
  }, [setError]);

  const onChange = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    setErrors((current) => ({
      ...current,
      [field]: validate(field, next),
      // The confirmation follows the password.
      ...(field === 'password' && next.confirmPassword
        ? { confirmPassword: validate('confirmPassword', next) }
        : {}),
    }));
    if (error) setError(null);
  };

  /** Keeps the tenant's id for the requests to come (the new session's header); false if there is none. */
  const resolveTenant = async (): Promise<boolean> => {
    if (!TENANT_ENABLE) return true;
    const name = values.tenantName.trim();
    const id = await tenantIdByName(name);
    if (id === null) {
      setErrors((current) => ({ ...current, tenantName: '租户不存在' }));
      return false;
    }
    setTenantId(id);
    setTenantName(name);
    return true;
  };

  const register = async (captchaVerification?: string) => {
    await run(async () => {
      const [tenantFound, puzzleFirst] = await Promise.all([
        resolveTenant(),
        captchaVerification ? false : isCaptchaEnabled(),
      ]);
      if (!tenantFound) return;
      if (puzzleFirst) {
        setCaptchaOpen(true);
        return;
      }
      const token = await registerAccount({
        ...(TENANT_ENABLE ? { tenantName: values.tenantName.trim() } : {}),
        username: values.username.trim(),
        nickname: values.nickname.trim(),
        password: values.password,
        ...(captchaVerification ? { captchaVerification } : {}),
      });
      await finish(token, '/');
    });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const next = Object.fromEntries(FIELDS.map((f) => [f, validate(f, values)])) as Partial<
      Record<Field, string>
    >;
    setErrors(next);
    if (FIELDS.some((f) => next[f])) return;
    await register();
  };

  const text = (
    field: Field,
    label: string,
    icon: ReactElement,
    extra: { type?: string; autoComplete: string; maxLength: number },
  ) => (
    <FormTextField
      field={`register_${field}`}
      error={errors[field]}
      icon={icon}
      input={{
        type: extra.type ?? 'text',
        value: values[field],
        onChange: onChange(field),
        placeholder: label,
        'aria-label': label,
        autoComplete: extra.autoComplete,
        maxLength: extra.maxLength,
      }}
    />
  );

  return (
    <AuthCard subtitle="注册新账号">
      {open === null && <AuthWaiting text="正在加载，请稍候…" />}
      {open === false && <AuthAlert message={error ?? '系统未开放注册'} />}
      {open && (
        <form className="login-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="注册">
          {error && <AuthAlert message={error} />}
          {TENANT_ENABLE &&
            text('tenantName', '租户', <TenantIcon />, { autoComplete: 'organization', maxLength: 30 })}
          {text('username', '账号', <UserIcon />, { autoComplete: 'username', maxLength: 16 })}
          {text('nickname', '昵称', <UserIcon />, { autoComplete: 'nickname', maxLength: 30 })}
          {text('password', '密码', <LockIcon />, {
            type: 'password',
            autoComplete: 'new-password',
            maxLength: 16,
          })}
          {!errors.password && <p className="auth-field-hint">{REGISTER_PASSWORD_RULE}</p>}
          {text('confirmPassword', '确认密码', <LockIcon />, {
            type: 'password',
            autoComplete: 'new-password',
            maxLength: 16,
          })}
          <SubmitButton submitting={submitting} label="注 册" />
          {captchaOpen && (
            <CaptchaPuzzle
              onClose={() => setCaptchaOpen(false)}
              onVerified={(verification) => void register(verification)}
            />
          )}
        </form>
      )}
      <div className="auth-links">
        <Link to="/login">使用已有账号登录</Link>
      </div>
    </AuthCard>
  );
}

export default RegisterPage;
