import { lazy, Suspense } from 'react';
import type { ButtonHTMLAttributes, ChangeEventHandler, InputHTMLAttributes, ReactNode, Ref } from 'react';
import { CheckCircleIcon, CloseCircleIcon, LoadingIcon, LockIcon, UserIcon } from './login-icons';

const CaptchaDialog = lazy(() => import('./captcha/captcha-dialog'));

interface TextFieldProps {
  /** Names the input: its id is `login_<field>`. */
  field: string;
  error: string | undefined;
  icon: ReactNode;
  /** Rendered after the input (the show / hide password button, the 获取验证码 button). */
  suffix?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  input: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>;
}

/** An input with a leading icon and its validation message below it (ids as antd's Form named them). */
export function FormTextField({ field, error, icon, suffix, inputRef, input }: TextFieldProps) {
  const id = `login_${field}`;
  const helpId = `${id}_help`;
  return (
    <div className={error ? 'login-field login-field-invalid' : 'login-field'}>
      <span className="login-input">
        <span className="login-input-prefix">{icon}</span>
        <input
          {...input}
          ref={inputRef}
          id={id}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? helpId : undefined}
        />
        {suffix}
      </span>
      {error && (
        <div id={helpId} className="login-field-help">
          {error}
        </div>
      )}
    </div>
  );
}

interface AccountFieldProps {
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  error: string | undefined;
}

/** The 账号 input of the password forms. */
export const UsernameField = ({ value, onChange, error }: AccountFieldProps) => (
  <FormTextField
    field="username"
    error={error}
    icon={<UserIcon />}
    input={{
      type: 'text',
      value,
      onChange,
      placeholder: '账号',
      'aria-label': '账号',
      autoComplete: 'username',
      maxLength: 30,
    }}
  />
);

/** The 密码 input of the password forms; `toggle` shows or hides it where `visible` is kept. */
export const PasswordField = ({
  value,
  onChange,
  error,
  visible = false,
  toggle,
}: AccountFieldProps & { visible?: boolean; toggle?: ReactNode }) => (
  <FormTextField
    field="password"
    error={error}
    icon={<LockIcon />}
    suffix={toggle}
    input={{
      type: visible ? 'text' : 'password',
      value,
      onChange,
      placeholder: '密码',
      'aria-label': '密码',
      autoComplete: 'current-password',
      maxLength: 30,
    }}
  />
);

/** A server message in the form (antd's error Alert look), or with `success` a note that all went well. */
export function AuthAlert({ message, success = false }: { message: string; success?: boolean }) {
  const kind = success ? 'login-notice' : 'login-alert';
  return (
    <div className={kind} role={success ? 'status' : 'alert'}>
      <span className={`${kind}-icon`}>{success ? <CheckCircleIcon /> : <CloseCircleIcon />}</span>
      <span className="login-alert-message">{message}</span>
    </div>
  );
}

type SubmitButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className' | 'disabled'> & {
  ref?: Ref<HTMLButtonElement>;
  submitting: boolean;
  label: string;
};

/** The form's wide submit button; spins and refuses clicks while `submitting`. */
export function SubmitButton({ submitting, label, children, ...button }: SubmitButtonProps) {
  return (
    <button {...button} type="submit" className="login-submit" disabled={submitting} aria-busy={submitting}>
      {children}
      {submitting && <LoadingIcon className="login-submit-loading" />}
      <span>{label}</span>
    </button>
  );
}

/** The slider puzzle, loaded on first use; closes itself and hands on the verification once solved. */
export function CaptchaPuzzle({
  onClose,
  onVerified,
}: {
  onClose: () => void;
  onVerified: (verification: string) => void;
}) {
  return (
    <Suspense fallback={null}>
      <CaptchaDialog
        onClose={onClose}
        onSuccess={(verification) => {
          onClose();
          onVerified(verification);
        }}
      />
    </Suspense>
  );
}
