import { Alert } from 'antd';

/** Documentation alerts show unless `VITE_DOC_ENABLE` is the string 'false'. */
export const isDocEnabled = (): boolean =>
  (import.meta.env.VITE_DOC_ENABLE as string | undefined) !== 'false';

export interface DocAlertProps {
  /** Topic of the linked documentation, shown in 【】. */
  title: string;
  /** Address of the documentation page (opens in a new browser tab). */
  url: string;
  className?: string;
}

/** A small success-style alert at the top of a page linking to its documentation. */
export function DocAlert({ title, url, className }: DocAlertProps) {
  if (!isDocEnabled()) return null;
  return (
    <Alert
      className={className ? `doc-alert ${className}` : 'doc-alert'}
      type="success"
      showIcon
      style={{ marginBottom: 16 }}
      title={
        <span>
          【{title}】文档地址：
          <a href={url} target="_blank" rel="noopener noreferrer">
            {url}
          </a>
        </span>
      }
    />
  );
}
