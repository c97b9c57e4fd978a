import type { Endpoint } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { request } from '../request';
import type { RequestOptions } from '../request';
import { confirmAction } from './confirm';
import { invalidateEndpoints } from './query-key';

export interface ConfirmedCall<E extends Endpoint> {
  /** The 系统提示 question, e.g. '是否确认删除名称为"研发部"的数据项?'. */
  content: string;
  endpoint: E;
  options: RequestOptions<E>;
  /** Said once the call succeeded, e.g. '删除成功'. */
  success: string;
  /** After the refresh (e.g. reloading a store the change affects). */
  then?: () => Promise<unknown> | void;
}

/**
 * An action that asks first: confirms with the 系统提示 dialog, calls the endpoint, says `success` and
 * refreshes every read of the endpoint's resource.
 */
export function useConfirmedCall() {
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  return <E extends Endpoint>({ content, endpoint, options, success, then }: ConfirmedCall<E>) =>
    confirmAction(modal.confirm, content, async () => {
      await request(endpoint, options);
      void message.success(success);
      await invalidateEndpoints(client, endpoint);
      await then?.();
    });
}
