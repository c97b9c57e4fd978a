import '@bpmn-io/form-js-viewer/dist/assets/form-js.css';
import './form-renderer.css';
import { Form as FormViewer } from '@bpmn-io/form-js-viewer';
import { Alert, Button, Empty, Space } from 'antd';
import flatpickr from 'flatpickr';
import { Mandarin } from 'flatpickr/dist/l10n/zh.js';
import { useEffect, useMemo, useRef } from 'react';
import { customFieldsModule } from './custom-fields';
import { localize, zhValidatorModule } from './form-js-zh';
import { fromStoredForm, type FormSchema } from './form-schema';

// The date pickers of every form speak Chinese.
flatpickr.localize(Mandarin);

export type FormValues = Record<string, unknown>;

/**
 * Renders a process form from its stored `conf` and `fields` (bpm_form, or a process definition's
 * formConf / formFields) with the form-js viewer.
 *
 * - `values`: initial values by field key (a process instance's formVariables).
 * - `readOnly`: show the values without inputs and without buttons.
 * - `onSubmit`: shows 提交 (text `submitText`); called with the values once every field is valid,
 *   otherwise the fields show their errors. `submitting` shows the button loading.
 * - `onCancel`: shows 取消 next to it.
 */
export interface FormRendererProps {
  conf: string | null | undefined;
  fields: readonly string[] | null | undefined;
  values?: FormValues | null;
  readOnly?: boolean;
  submitText?: string;
  submitting?: boolean;
  onSubmit?: (values: FormValues) => void;
  onCancel?: () => void;
}

type Parsed = { schema: FormSchema; error?: undefined } | { schema?: undefined; error: string };

const parse = (conf: FormRendererProps['conf'], fields: FormRendererProps['fields']): Parsed => {
  try {
    return { schema: fromStoredForm(conf, fields) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
};

export function FormRenderer({
  conf,
  fields,
  values,
  readOnly = false,
  submitText = '提 交',
  submitting = false,
  onSubmit,
  onCancel,
}: FormRendererProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<FormViewer | null>(null);
  const parsed = useMemo(() => parse(conf, fields), [conf, fields]);

  useEffect(() => {
    const container = containerRef.current;
    const schema = parsed.schema;
    if (!container || !schema) return;
    const viewer = new FormViewer({
      container,
      additionalModules: [customFieldsModule, zhValidatorModule],
      properties: { readOnly },
    });
    viewerRef.current = viewer;
    const stop = localize(container);
    viewer.importSchema(schema, values ?? {}).catch((error: unknown) => console.error('表单渲染失败', error));
    return () => {
      stop();
      viewerRef.current = null;
      viewer.destroy();
    };
  }, [parsed, values, readOnly]);

  if (parsed.error !== undefined)
    return <Alert type="error" showIcon title="表单配置有误，无法显示" description={parsed.error} />;
  if (!parsed.schema.components.length) return <Empty description="该表单没有表单项" />;

  const submit = () => {
    const viewer = viewerRef.current;
    if (!viewer || !onSubmit) return;
    const { data, errors } = viewer.submit();
    if (Object.keys(errors).length) {
      containerRef.current
        ?.querySelector<HTMLElement>('.fjs-has-errors input, .fjs-has-errors [role]')
        ?.focus();
      return;
    }
    onSubmit(data as FormValues);
  };

  return (
    <div className="bpm-form-renderer">
      <div ref={containerRef} className="bpm-form-renderer__form" />
      {!readOnly && (onSubmit || onCancel) && (
        <Space className="bpm-form-renderer__actions">
          {onSubmit && (
            <Button type="primary" loading={submitting} onClick={submit}>
              {submitText}
            </Button>
          )}
          {onCancel && <Button onClick={onCancel}>取 消</Button>}
        </Space>
      )}
    </div>
  );
}

export default FormRenderer;
