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
  /** Close the confirmation when the call fails too (the request layer has shown the failure). */
  closeOnFailure?: boolean;
  /** After the refresh (e.g. reloading a store the change affects). */
  then?: () => Promise<unknown> | void;
}

/**
 * A row action that asks first: confirms with the 系统提示 dialog, calls the endpoint, says `success`
 * and refreshes every read of the endpoint's resource. For actions whose question is not the kit's
 * '是否确认删除…编号为…' (`useDeleteAction`).
 */
export function useConfirmedCall() {
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  return <E extends Endpoint>({
    content,
    endpoint,
    options,
    success,
    closeOnFailure,
    then,
  }: ConfirmedCall<E>) =>
    confirmAction(modal.confirm, content, () => {
      const done = request(endpoint, options).then(async () => {
        void message.success(success);
        await invalidateEndpoints(client, endpoint);
        await then?.();
      });
      return closeOnFailure ? done.catch(() => undefined) : done;
    });
}
