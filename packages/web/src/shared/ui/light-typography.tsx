import { ConfigProvider } from 'antd';
import useTypographyStyle from 'antd/es/typography/style';
import { useContext } from 'react';
import type { ReactNode } from 'react';

/** The class names of antd's Typography (prefix, hash and CSS variables), with its styles injected. */
function useTypographyClasses(...extra: (string | false | undefined)[]): string {
  const { getPrefixCls, direction } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('typography');
  const [hashId, cssVarCls] = useTypographyStyle(prefixCls);
  return [prefixCls, direction === 'rtl' && `${prefixCls}-rtl`, ...extra, hashId, cssVarCls]
    .filter(Boolean)
    .join(' ');
}

/**
 * antd's `Typography.Title` and `Typography.Text` markup and styles, without their copy, edit and
 * ellipsis features: those import Input, TextArea and their icons (about 15 KB gzip), which the
 * first screen does not use.
 */
export function Title({
  level = 1,
  className,
  children,
}: {
  level?: 1 | 2 | 3 | 4 | 5;
  className?: string;
  children?: ReactNode;
}) {
  const Heading = `h${level}` as const;
  return <Heading className={useTypographyClasses(className)}>{children}</Heading>;
}

export function Text({
  type,
  className,
  children,
}: {
  type?: 'secondary' | 'success' | 'warning' | 'danger';
  className?: string;
  children?: ReactNode;
}) {
  const prefixCls = useContext(ConfigProvider.ConfigContext).getPrefixCls('typography');
  return <span className={useTypographyClasses(type && `${prefixCls}-${type}`, className)}>{children}</span>;
}
