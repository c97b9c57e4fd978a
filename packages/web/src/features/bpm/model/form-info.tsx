import { BPM_MODEL_FORM_TYPE, bpmFormGet } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Skeleton, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { errorMessageOf, request } from '../../../shared/request';
import { queryKey } from '../../../shared/crud';

// form-js loads with its own chunk when a form is first shown.
const FormRenderer = lazy(() => import('../form/form-renderer'));

/** Width of the 表单详情 dialog, as the reference's. */
const DETAIL_WIDTH = 800;

/** A form to preview: a stored form by id (models), or the copy a definition carries. */
export type FormPreview = { formId: number } | { conf: string | null; fields: string[] | null };

export interface FormBinding {
  formType: number | null;
  formId: number | null;
  formName: string | null;
  formCustomCreatePath: string | null;
}

/**
 * 表单信息 of a model or definition: the process form's name opening its preview, or the business
 * form's create path opening that page, or 暂无表单.
 */
export function FormInfo({ binding, onPreview }: { binding: FormBinding; onPreview: () => void }) {
  const navigate = useNavigate();
  if (binding.formType === BPM_MODEL_FORM_TYPE.NORMAL && binding.formId !== null)
    return (
      <Button type="link" size="small" onClick={onPreview}>
        {binding.formName ?? `表单 ${binding.formId}`}
      </Button>
    );
  const path = binding.formCustomCreatePath;
  if (binding.formType === BPM_MODEL_FORM_TYPE.CUSTOM && path)
    return (
      <Button type="link" size="small" onClick={() => void navigate(path)}>
        {path}
      </Button>
    );
  return <Typography.Text type="secondary">暂无表单</Typography.Text>;
}

function StoredFormPreview({ formId }: { formId: number }) {
  const form = useQuery({
    queryKey: queryKey(bpmFormGet, { id: formId }),
    queryFn: () => request(bpmFormGet, { query: { id: formId } }),
  });
  if (form.isError)
    return <Alert type="error" showIcon title="表单加载失败" description={errorMessageOf(form.error)} />;
  if (!form.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  return <FormRenderer conf={form.data.conf} fields={form.data.fields} readOnly />;
}

/** 表单详情: the bound process form, rendered read only. */
export function FormPreviewDialog({
  preview,
  onClose,
}: {
  preview: FormPreview | null;
  onClose: () => void;
}) {
  return (
    <Modal
      title="表单详情"
      open={preview !== null}
      width={DETAIL_WIDTH}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {preview && (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
          {'formId' in preview ? (
            <StoredFormPreview formId={preview.formId} />
          ) : (
            <FormRenderer conf={preview.conf} fields={preview.fields} readOnly />
          )}
        </Suspense>
      )}
    </Modal>
  );
}
