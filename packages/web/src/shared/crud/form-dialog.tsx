import type { Endpoint, EndpointBody, EndpointData, EndpointQuery } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Spin } from 'antd';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { request } from '../request';
import { DIALOG_WIDTH_MEDIUM } from '../ui/sizes';
import { invalidateEndpoints } from './query-key';
import { useOnOpen } from './use-on-open';
import { SubmitDialog } from '../ui/submit-dialog';

/** What the dialog edits: a new row, or the row with this id. */
export type DialogTarget = { mode: 'create' } | { mode: 'update'; id: number | string };

export interface FormDialogControl {
  target: DialogTarget | null;
  openCreate: () => void;
  openUpdate: (id: number | string) => void;
  close: () => void;
}

/** Opens and closes a `FormDialog`. */
export function useFormDialog(): FormDialogControl {
  const [target, setTarget] = useState<DialogTarget | null>(null);
  return {
    target,
    openCreate: () => setTarget({ mode: 'create' }),
    openUpdate: (id) => setTarget({ mode: 'update', id }),
    close: () => setTarget(null),
  };
}

type Values = Record<string, unknown>;

export interface FormDialogProps<G extends Endpoint, C extends Endpoint, U extends Endpoint> {
  control: FormDialogControl;
  /** '岗位' → titles 添加岗位 / 修改岗位. */
  entity: string;
  /** The word of a new row's title where the reference says otherwise (新增站内信模板). */
  createVerb?: string;
  get: G;
  /** Without it the dialog only edits (a list whose rows are made elsewhere, e.g. self-registered members). */
  create?: C;
  update: U;
  /** Values of a new row. */
  initialValues?: Values;
  /** The loaded row → form values (default: as it is). */
  toForm?: (row: EndpointData<G>) => Values;
  /** Form values → the create or update body (the update body gets the id added). */
  toBody?: (values: Values) => Values;
  labelWidth?: number;
  width?: number;
  /** After a save and the refresh of the resource (e.g. reloading a store the change affects). */
  onSaved?: () => Promise<unknown> | void;
  /** The form's name, which prefixes its fields' ids. */
  name: string;
  /**
   * The form fields; a function receives the form, whether it edits an existing row and whether the
   * dialog is open (the fields render while closed too: what they load waits for the opening).
   */
  children: ReactNode | ((form: FormInstance, updating: boolean, open: boolean) => ReactNode);
}

/**
 * The 添加 / 修改 dialog of a list: loads the row by the get endpoint, submits to create or update,
 * says 新增成功 or 修改成功 and refreshes every read of the resource.
 */
export function FormDialog<G extends Endpoint, C extends Endpoint, U extends Endpoint>({
  control,
  entity,
  createVerb = '添加',
  get,
  create,
  update,
  initialValues,
  toForm = (row) => row as Values,
  toBody = (values) => values,
  labelWidth = 90,
  width = DIALOG_WIDTH_MEDIUM,
  onSaved,
  name,
  children,
}: FormDialogProps<G, C, U>) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm();
  const { target } = control;
  const updating = target?.mode === 'update';
  // The opening whose row is in the form; an update is loading until its row arrived.
  const [filled, setFilled] = useState<DialogTarget | null>(null);
  const loading = updating && filled !== target;

  // Fills the form once per opening; the page's callbacks may change identity on every render.
  useOnOpen(target, (opened, isCurrent) => {
    form.resetFields();
    if (opened.mode === 'create') {
      form.setFieldsValue(initialValues ?? {});
      return;
    }
    request(get, { query: { id: opened.id } as EndpointQuery<G> })
      .then((row) => isCurrent() && form.setFieldsValue(toForm(row)))
      .catch(() => isCurrent() && control.close())
      .finally(() => isCurrent() && setFilled(opened));
  });

  const save = useMutation({
    mutationFn: (values: Values): Promise<unknown> =>
      target?.mode === 'update'
        ? request(update, { body: { ...toBody(values), id: target.id } as EndpointBody<U> })
        : create
          ? request(create, { body: toBody(values) as EndpointBody<C> })
          : Promise.reject(new Error(`${entity}不能新增`)),
  });

  const onSubmit = async () => {
    const values = (await form.validateFields()) as Values;
    await save.mutateAsync(values);
    void message.success(updating ? '修改成功' : '新增成功');
    control.close();
    await invalidateEndpoints(client, create ?? update);
    await onSaved?.();
  };

  return (
    <SubmitDialog
      title={`${updating ? '修改' : createVerb}${entity}`}
      open={target !== null}
      width={width}
      pending={save.isPending}
      okButtonProps={{ disabled: loading }}
      onSubmit={onSubmit}
      onClose={control.close}
    >
      <Spin spinning={loading}>
        {/* Read-only until the row has arrived, so nothing typed meanwhile is overwritten by it. */}
        <Form name={name} form={form} labelCol={{ flex: `${labelWidth}px` }} disabled={loading}>
          {typeof children === 'function' ? children(form, updating, target !== null) : children}
        </Form>
      </Spin>
    </SubmitDialog>
  );
}
