import type { Endpoint } from '@app/contract';
import { useAccess } from '../access';

/**
 * Whether the signed-in user may call the endpoint, read from the endpoint's own access: a button
 * never names a permission code that its endpoint already declares.
 */
export function useCan(endpoint: Pick<Endpoint, 'access'>): boolean {
  const { hasPermi } = useAccess();
  return endpoint.access.kind !== 'permission' || hasPermi(endpoint.access.anyOf);
}
