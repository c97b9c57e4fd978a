import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { login, type LoginResult } from './api';
import { isCaptchaEnabled } from './captcha/enabled';
import { AuthAlert, CaptchaPuzzle, PasswordField, SubmitButton, UsernameField } from './login-field';
import { useSubmission } from './use-submission';

type Field = 'username' | 'password';

const validate = (field: Field, value: string): string | undefined =>
  field === 'username' ? (value.trim() ? undefined : '请输入账号') : value ? undefined : '请输入密码';

export interface SocialBindFormProps {
  /** The platform and the code and state it sent back. */
  social: { type: number; code: string; state: string };
  /** Stores the tokens and leaves the page. */
  onSignedIn: (token: LoginResult) => Promise<void>;
}

/**
 * 绑定账号: signs in with the console account and password, carrying the social code and state, so
 * that the server binds the social account to it (the captcha first when it is on).
 */
export function SocialBindForm({ social, onSignedIn }: SocialBindFormProps) {
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { submitting, error, setError, run } = useSubmission();
  const [captchaOpen, setCaptchaOpen] = useState(false);

  const onChange = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: validate(field, value) }));
    if (error) setError(null);
  };

  const bind = async (captchaVerification?: string) => {
    await run(async () => {
      if (!captchaVerification && (await isCaptchaEnabled())) {
        setCaptchaOpen(true);
        return;
      }
      const token = await login({
        username: values.username.trim(),
        password: values.password,
        socialType: social.type,
        socialCode: social.code,
        socialState: social.state,
        ...(captchaVerification ? { captchaVerification } : {}),
      });
      await onSignedIn(token);
    });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const next = {
      username: validate('username', values.username),
      password: validate('password', values.password),
    };
    setErrors(next);
    if (next.username || next.password) return;
    await bind();
  };

  return (
    <form className="login-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="绑定账号">
      {error && <AuthAlert message={error} />}
      <UsernameField value={values.username} onChange={onChange('username')} error={errors.username} />
      <PasswordField value={values.password} onChange={onChange('password')} error={errors.password} />
      <SubmitButton submitting={submitting} label="绑定并登录" />
      {captchaOpen && (
        <CaptchaPuzzle
          onClose={() => setCaptchaOpen(false)}
          onVerified={(verification) => void bind(verification)}
        />
      )}
    </form>
  );
}
