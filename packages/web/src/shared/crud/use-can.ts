import type { Endpoint } from '@app/contract';
import { useAccess } from '../access';

/**
 * Whether the signed-in user may call the endpoint, read from the endpoint's own access: a button
 * never names a permission code that its endpoint already declares.
 */
export function useCan(endpoint: Pick<Endpoint, 'access'> | undefined): boolean {
  const { hasPermi } = useAccess();
  // No endpoint, no action (a list without an update endpoint has no 修改).
  if (!endpoint) return false;
  return endpoint.access.kind !== 'permission' || hasPermi(endpoint.access.anyOf);
}
