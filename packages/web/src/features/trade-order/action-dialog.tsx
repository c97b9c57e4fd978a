import type { Endpoint, EndpointBody } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form } from 'antd';
import type { ReactNode } from 'react';
import { invalidateEndpoints } from '../../shared/crud';
import { request } from '../../shared/request';
import { DIALOG_WIDTH_MEDIUM } from '../../shared/ui/sizes';
import { SubmitDialog } from '../../shared/ui/submit-dialog';

type Values = Record<string, unknown>;

export interface ActionDialogProps<E extends Endpoint> {
  /** '订单发货'. */
  title: string;
  open: boolean;
  onClose: () => void;
  /** The form's name, which prefixes its fields' ids. */
  name: string;
  /** Where the checked form goes (its body). */
  endpoint: E;
  /** The form's values on each opening. */
  initialValues?: Values;
  toBody: (values: Values) => EndpointBody<E>;
  /** Said once the call succeeded: '发货成功'. */
  success: string;
  /** Reads of other resources the call changes, refreshed with those of the endpoint's own. */
  refreshes?: readonly Endpoint[];
  labelWidth?: number;
  /** A red 确 定 (an action that cannot be undone). */
  danger?: boolean;
  /** The fields (those that follow another field's value watch it through the form's context). */
  children: ReactNode;
}

/**
 * A domain action on one record that asks for a few values first (发货, 备注, 关闭订单…): the form opens
 * anew each time, is checked, sent to the endpoint; then the success is said, the dialog closes and
 * every read of the resources touched is refreshed. A refusal keeps the dialog open (the request layer
 * has shown why).
 */
export function ActionDialog<E extends Endpoint>({
  title,
  open,
  onClose,
  name,
  endpoint,
  initialValues,
  toBody,
  success,
  refreshes = [],
  labelWidth = 100,
  danger,
  children,
}: ActionDialogProps<E>) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm();
  const send = useMutation({ mutationFn: (body: EndpointBody<E>) => request(endpoint, { body }) });

  const submit = async () => {
    const body = toBody((await form.validateFields()) as Values);
    await send.mutateAsync(body);
    void message.success(success);
    onClose();
    await invalidateEndpoints(client, endpoint, ...refreshes);
  };

  return (
    <SubmitDialog
      title={title}
      open={open}
      width={DIALOG_WIDTH_MEDIUM}
      onClose={onClose}
      onSubmit={submit}
      okButtonProps={{ danger }}
      pending={send.isPending}
      destroyOnHidden
    >
      <Form
        name={name}
        form={form}
        labelCol={{ flex: `${labelWidth}px` }}
        initialValues={initialValues}
        preserve={false}
      >
        {children}
      </Form>
    </SubmitDialog>
  );
}
