import { ConfigProvider } from 'antd';
import useCardStyle from 'antd/es/card/style';
import { useContext } from 'react';
import type { ReactNode } from 'react';

export interface LightCardProps {
  title?: ReactNode;
  className?: string;
  /** antd's `variant`: 'outlined' draws the border. */
  variant?: 'outlined' | 'borderless';
  children?: ReactNode;
}

/**
 * antd's Card markup and styles (title and body only) for the first screen. antd's Card also
 * imports Tabs and Skeleton for its tab list and loading state, about 17 KB gzip the shell would
 * download for nothing. It follows the global component size, as antd's Card does.
 */
export function LightCard({ title, className, variant = 'outlined', children }: LightCardProps) {
  const { getPrefixCls, direction } = useContext(ConfigProvider.ConfigContext);
  const { componentSize } = ConfigProvider.useConfig();
  const prefixCls = getPrefixCls('card');
  const [hashId, cssVarCls] = useCardStyle(prefixCls);
  const classes = [
    prefixCls,
    variant !== 'borderless' && `${prefixCls}-bordered`,
    componentSize === 'small' && `${prefixCls}-small`,
    direction === 'rtl' && `${prefixCls}-rtl`,
    className,
    hashId,
    cssVarCls,
  ];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      {title !== undefined && title !== null && (
        <div className={`${prefixCls}-head`}>
          <div className={`${prefixCls}-head-wrapper`}>
            <div className={`${prefixCls}-head-title`}>{title}</div>
          </div>
        </div>
      )}
      {children !== undefined && children !== null && <div className={`${prefixCls}-body`}>{children}</div>}
    </div>
  );
}
