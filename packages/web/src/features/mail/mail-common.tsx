import { mailAccountListAllSimple } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { queryKey } from '../../shared/crud';
import { request } from '../../shared/request';

/** The tenant's mail accounts as options (邮箱账号 filters and the template's account). */
export function useMailAccountOptions() {
  const accounts = useQuery({
    queryKey: queryKey(mailAccountListAllSimple),
    queryFn: () => request(mailAccountListAllSimple),
  });
  const list = accounts.data ?? [];
  return {
    options: list.map((a) => ({ label: a.mail, value: a.id })),
    mailOf: (id: number) => list.find((a) => a.id === id)?.mail ?? '',
  };
}

const PREVIEW_STYLE = {
  width: '100%',
  minHeight: 120,
  border: '1px solid var(--ant-color-border, #d9d9d9)',
  borderRadius: 6,
  background: '#fff',
} as const;

/** A mail's HTML, shown sandboxed (no scripts, no forms). */
export const MailPreview = ({ html, title }: { html: string; title: string }) => (
  <iframe style={PREVIEW_STYLE} title={title} sandbox="" srcDoc={html} />
);
