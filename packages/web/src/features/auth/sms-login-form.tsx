import { MOBILE_PATTERN } from '@app/contract';
import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import { prefetchShell } from '../../shared/navigation/shell-prefetch';
import { errorMessageOf } from '../../shared/request';
import type { LoginResult } from './api';
import { sendSmsCode, smsLogin } from './sms-api';
import { AuthAlert, FormTextField, SubmitButton } from './login-field';
import { MobileIcon, SafetyIcon } from './login-icons';

/** Seconds before another code may be asked for (the server allows one a minute). */
export const SMS_RESEND_SECONDS = 60;

type Field = 'mobile' | 'mobileCode';

const validate = (field: Field, value: string): string | undefined => {
  const text = value.trim();
  if (field === 'mobileCode') return text ? undefined : '请输入短信验证码';
  if (!text) return '请输入手机号';
  return MOBILE_PATTERN.test(text) ? undefined : '手机号格式不正确';
};

export interface SmsLoginFormProps {
  /** The tenant input, when multi-tenancy is on (shared with the password form). */
  tenantField: ReactNode;
  /** Looks the tenant up and keeps its id for the requests; false when it does not exist. */
  resolveTenant: () => Promise<boolean>;
  /** Stores the tokens and leaves the login page. */
  onSignedIn: (token: LoginResult) => Promise<void>;
}

/** Sign-in with a code sent by SMS: mobile, code with 获取验证码 and its 60-second countdown. */
export function SmsLoginForm({ tenantField, resolveTenant, onSignedIn }: SmsLoginFormProps) {
  const [values, setValues] = useState<Record<Field, string>>({ mobile: '', mobileCode: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [countdown, setCountdown] = useState(0);
  const [sendingCode, setSendingCode] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const onChange = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: validate(field, value) }));
    if (error) setError(null);
  };

  const onSendCode = async () => {
    if (countdown > 0 || sendingCode) return;
    const mobileError = validate('mobile', values.mobile);
    setErrors((current) => ({ ...current, mobile: mobileError }));
    if (mobileError) return;
    setError(null);
    setNotice(null);
    setSendingCode(true);
    try {
      if (!(await resolveTenant())) return;
      await sendSmsCode(values.mobile.trim());
      setNotice('获取验证码成功');
      setCountdown(SMS_RESEND_SECONDS);
      codeRef.current?.focus();
    } catch (caught) {
      setError(errorMessageOf(caught));
    } finally {
      setSendingCode(false);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const next = {
      mobile: validate('mobile', values.mobile),
      mobileCode: validate('mobileCode', values.mobileCode),
    };
    setErrors(next);
    if (next.mobile || next.mobileCode) return;
    setError(null);
    setSubmitting(true);
    try {
      if (!(await resolveTenant())) return;
      await onSignedIn(await smsLogin(values.mobile.trim(), values.mobileCode.trim()));
    } catch (caught) {
      setNotice(null);
      setError(errorMessageOf(caught));
    } finally {
      setSubmitting(false);
    }
  };

  const sendButton = (
    <button
      type="button"
      className="login-sms-send"
      disabled={countdown > 0 || sendingCode}
      // Keeps the focus in the input while clicking.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => void onSendCode()}
    >
      {countdown > 0 ? `${countdown}秒后可重新获取` : '获取验证码'}
    </button>
  );

  return (
    <form
      id="sms-login"
      className="login-form"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      onFocus={prefetchShell}
    >
      {error && <AuthAlert message={error} />}
      {notice && !error && <AuthAlert message={notice} success />}
      {tenantField}
      <FormTextField
        field="mobile"
        error={errors.mobile}
        icon={<MobileIcon />}
        input={{
          type: 'tel',
          value: values.mobile,
          onChange: onChange('mobile'),
          placeholder: '请输入手机号',
          'aria-label': '手机号',
          autoComplete: 'tel',
          inputMode: 'numeric',
          maxLength: 20,
        }}
      />
      <FormTextField
        field="mobileCode"
        error={errors.mobileCode}
        icon={<SafetyIcon />}
        suffix={sendButton}
        inputRef={codeRef}
        input={{
          type: 'text',
          value: values.mobileCode,
          onChange: onChange('mobileCode'),
          placeholder: '短信验证码',
          'aria-label': '短信验证码',
          autoComplete: 'one-time-code',
          inputMode: 'numeric',
          maxLength: 6,
        }}
      />
      <SubmitButton submitting={submitting} label="登 录" />
    </form>
  );
}

export default SmsLoginForm;
