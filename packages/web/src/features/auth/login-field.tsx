import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

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
