import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import './icon-button.css';

type CommonProps = {
  icon: ReactNode;
  /** The accessible name, in Chinese: the button shows only its icon. */
  'aria-label': string;
  className?: string;
  children?: ReactNode;
};

type IconButtonProps = CommonProps &
  (
    | ({ href?: undefined; ref?: Ref<HTMLButtonElement> } & ButtonHTMLAttributes<HTMLButtonElement>)
    | ({ href: string; ref?: Ref<HTMLAnchorElement> } & AnchorHTMLAttributes<HTMLAnchorElement>)
  );

/**
 * A text-style icon button for the shell's top bar: the look of antd's `<Button type="text">`
 * without its wave effect and style chunks (about 10 KB gzip the first screen would load).
 * With `href` it is a link. Tooltips wrap it like any element (the ref and events pass through).
 */
export function IconButton({ icon, className, children, ...rest }: IconButtonProps) {
  const classes = ['app-icon-button', className].filter(Boolean).join(' ');
  const body = (
    <>
      <span className="app-icon-button-icon" aria-hidden>
        {icon}
      </span>
      {children}
    </>
  );
  if (rest.href !== undefined) {
    const anchorProps = rest as AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> };
    return (
      <a {...anchorProps} className={classes}>
        {body}
      </a>
    );
  }
  const buttonProps = rest as ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> };
  return (
    <button type="button" {...buttonProps} className={classes}>
      {body}
    </button>
  );
}
