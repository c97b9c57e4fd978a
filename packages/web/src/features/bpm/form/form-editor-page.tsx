import { RollbackOutlined, SaveOutlined } from '@ant-design/icons';
import { bpmFormCreate, bpmFormGet, bpmFormUpdate, DICT_TYPE } from '@app/contract';
import type { BpmForm } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Result, Skeleton, Space } from 'antd';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTabs } from '../../../layout/tags-view';
import { useAccess } from '../../../shared/access';
import {
  DictRadio,
  invalidateEndpoints,
  maxLength,
  queryKey,
  required,
  requiredText,
} from '../../../shared/crud';
import { errorMessageOf, request } from '../../../shared/request';
import { DIALOG_WIDTH_MEDIUM } from '../../../shared/ui/sizes';
import { FormDesigner, type FormDesignerHandle } from './form-designer';
import { confirmClear, FormDesignTools, useFormPreview } from './form-preview';
import { duplicateKey, emptySchema, fromStoredForm, toStoredForm, type FormSchema } from './form-schema';
import { BPM_FORM_LIST_PATH } from '../manage-paths';
import '../manage.css';
import { SubmitDialog } from '../../../shared/ui/submit-dialog';

interface SaveValues {
  name: string;
  status: 0 | 1;
  remark?: string | null;
}

/** 设计流程表单 (/bpm/manager/form/edit, `formId` when editing). */
export default function FormEditorPage() {
  const [params] = useSearchParams();
  const raw = params.get('formId');
  const formId = raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
  const form = useQuery({
    queryKey: queryKey(bpmFormGet, { id: formId }),
    queryFn: () => request(bpmFormGet, { query: { id: formId! } }),
    enabled: formId !== undefined,
  });

  if (raw !== null && formId === undefined) return <Result status="404" title="表单编号不正确" />;
  if (formId === undefined) return <FormEditor key="new" />;
  if (form.isError)
    return <Result status="error" title="表单加载失败" subTitle={errorMessageOf(form.error)} />;
  if (!form.data)
    return (
      <div className="bpm-page">
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  return <FormEditor key={form.data.id} stored={form.data} />;
}

/** The designer with its toolbar and save dialog, for a new form or a stored one. */
function FormEditor({ stored }: { stored?: BpmForm }) {
  const { message, modal } = App.useApp();
  const { hasPermi } = useAccess();
  const tabs = useTabs();
  const queryClient = useQueryClient();
  const designer = useRef<FormDesignerHandle>(null);
  const [saveForm] = Form.useForm<SaveValues>();
  const [saving, setSaving] = useState<FormSchema | null>(null);
  const previews = useFormPreview();
  const [initialSchema] = useState<FormSchema | string>(() => {
    if (!stored) return emptySchema();
    try {
      return fromStoredForm(stored.conf, stored.fields);
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  });

  const save = useMutation({
    mutationFn: async (values: SaveValues & { schema: FormSchema }) => {
      const { conf, fields } = toStoredForm(values.schema);
      const body = { name: values.name, status: values.status, remark: values.remark ?? null, conf, fields };
      if (stored) await request(bpmFormUpdate, { body: { ...body, id: stored.id } });
      else await request(bpmFormCreate, { body });
    },
  });

  if (typeof initialSchema === 'string')
    return <Result status="warning" title="表单配置有误，无法在设计器中打开" subTitle={initialSchema} />;

  const canSave = hasPermi([stored ? 'bpm:form:update' : 'bpm:form:create']);
  const currentSchema = (): FormSchema | null => {
    try {
      return designer.current?.getSchema() ?? null;
    } catch (error) {
      void message.error(errorMessageOf(error));
      return null;
    }
  };

  const openSave = () => {
    const schema = currentSchema();
    if (!schema) return;
    if (!schema.components.length) {
      void message.warning('请至少添加一个表单项');
      return;
    }
    const duplicate = duplicateKey(schema);
    if (duplicate) {
      void message.error(`字段名“${duplicate}”重复，请修改后再保存`);
      return;
    }
    saveForm.resetFields();
    saveForm.setFieldsValue({
      name: stored?.name ?? '',
      status: stored?.status === 1 ? 1 : 0,
      remark: stored?.remark ?? '',
    });
    setSaving(schema);
  };

  const onSave = async () => {
    if (!saving) return;
    const values = await saveForm.validateFields();
    await save.mutateAsync({ ...values, schema: saving });
    void message.success('保存成功');
    setSaving(null);
    await invalidateEndpoints(queryClient, bpmFormUpdate);
    tabs.closeAndOpen(BPM_FORM_LIST_PATH);
  };

  const openPreview = () => {
    const schema = currentSchema();
    if (schema) previews.showPreview(schema);
  };

  const openJson = () => {
    const schema = currentSchema();
    if (schema) previews.showJson(schema);
  };

  const clear = () =>
    confirmClear(
      modal.confirm,
      () => void designer.current?.importSchema({ ...currentSchema(), ...emptySchema() }),
    );

  return (
    <div className="bpm-page bpm-form-editor">
      <div className="bpm-page__actions">
        <FormDesignTools onPreview={openPreview} onJson={openJson} onClear={clear} />
        <Space wrap>
          <Button icon={<RollbackOutlined />} onClick={() => tabs.closeAndOpen(BPM_FORM_LIST_PATH)}>
            返回
          </Button>
          {canSave && (
            <Button type="primary" icon={<SaveOutlined />} onClick={openSave}>
              保存
            </Button>
          )}
        </Space>
      </div>
      <FormDesigner ref={designer} initialSchema={initialSchema} />

      <SubmitDialog
        title="保存表单"
        open={saving !== null}
        width={DIALOG_WIDTH_MEDIUM}
        pending={save.isPending}
        onSubmit={onSave}
        onClose={() => setSaving(null)}
      >
        <Form<SaveValues> name="bpm-form-save" form={saveForm} labelCol={{ flex: '90px' }}>
          <Form.Item label="表单名" name="name" rules={requiredText('表单名', 64)}>
            <Input placeholder="请输入表单名" />
          </Form.Item>
          <Form.Item label="开启状态" name="status" rules={required('开启状态')}>
            <DictRadio dictType={DICT_TYPE.COMMON_STATUS} />
          </Form.Item>
          <Form.Item label="备注" name="remark" rules={maxLength('备注', 255)}>
            <Input.TextArea placeholder="请输入备注" rows={3} />
          </Form.Item>
        </Form>
      </SubmitDialog>

      {previews.dialogs}
    </div>
  );
}
