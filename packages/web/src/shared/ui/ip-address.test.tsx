import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { IpAddress } from './ip-address';

const stub = stubPageTest((call) => ok(call.query.get('ip') === '202.96.209.133' ? '上海市 上海市' : null));

const show = (...ips: string[]) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      {ips.map((ip) => (
        <IpAddress key={ip} ip={ip} />
      ))}
    </QueryClientProvider>,
  );

describe('IpAddress', () => {
  it('shows the region the server places an address in, once per address', async () => {
    show('202.96.209.133', '10.0.0.1');
    expect(await screen.findByText('（上海市 上海市）')).toBeInTheDocument();
    expect(screen.getByText('10.0.0.1')).toBeInTheDocument();
    expect(
      stub
        .callsTo('/system/area/get-by-ip')
        .map((c) => c.query.get('ip'))
        .sort(),
    ).toEqual(['10.0.0.1', '202.96.209.133']);
  });

  it('asks nothing for what is not an address', () => {
    show('', 'unknown');
    expect(stub.callsTo('/system/area/get-by-ip')).toEqual([]);
  });
});
