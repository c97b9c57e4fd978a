import { areaGetByIp } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { queryKey } from '../crud/query-key';
import { request } from '../request';

/** What the server can place: a dotted IPv4 address or an IPv6 one (private ones come back unknown). */
const looksLikeIp = (ip: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(ip) || /^[\da-f:.]*:[\da-f:.]*$/i.test(ip);

/** An IP address with its region after it, when the server's offline IP database knows it. */
export function IpAddress({ ip }: { ip: string }) {
  const region = useQuery({
    queryKey: queryKey(areaGetByIp, { ip }),
    queryFn: () => request(areaGetByIp, { query: { ip }, showError: false }),
    enabled: looksLikeIp(ip),
    // A place does not move while the page is open.
    staleTime: Infinity,
    retry: false,
  });
  return (
    <span>
      {ip}
      {region.data && <Typography.Text type="secondary">（{region.data}）</Typography.Text>}
    </span>
  );
}
