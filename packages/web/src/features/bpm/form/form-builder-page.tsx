import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { App, Button, Space } from 'antd';
import { useRef, useState } from 'react';
import { errorMessageOf, saveBlob } from '../../../shared/request';
import { FormDesigner, type FormDesignerHandle } from './form-designer';
import { confirmClear, FormDesignTools, useFormPreview } from './form-preview';
import { emptySchema, type FormSchema } from './form-schema';
import '../manage.css';

/** The file 导出 JSON offers. */
export const FORM_JSON_FILE = 'form.json';

/**
 * 表单构建 (/infra/build): the workflow forms' designer as a standalone tool. Nothing is saved on the
 * server: the design is previewed, exported as a form-js JSON file or copied for use elsewhere.
 */
export function FormBuilderPage() {
  const { message, modal } = App.useApp();
  const designer = useRef<FormDesignerHandle>(null);
  const [initialSchema] = useState<FormSchema>(emptySchema);
  const previews = useFormPreview();

  /** The design as formatted JSON, or null (with a message) when the designer cannot give it. */
  const currentJson = (): string | null => {
    try {
      const schema = designer.current?.getSchema();
      return schema ? JSON.stringify(schema, null, 2) : null;
    } catch (error) {
      void message.error(errorMessageOf(error));
      return null;
    }
  };

  const openPreview = () => {
    const text = currentJson();
    if (text) previews.showPreview(JSON.parse(text) as FormSchema);
  };

  const openJson = () => {
    const text = currentJson();
    if (text) previews.showJson(JSON.parse(text) as FormSchema);
  };

  const exportJson = () => {
    const text = currentJson();
    if (text) saveBlob(new Blob([text], { type: 'application/json' }), FORM_JSON_FILE);
  };

  const copyJson = async () => {
    const text = currentJson();
    if (!text) return;
    try {
      await navigator.clipboard.writeText(text);
      void message.success('已复制到剪贴板');
    } catch {
      void message.error('复制失败，请在“查看 JSON”中手动复制');
    }
  };

  const clear = () => confirmClear(modal.confirm, () => void designer.current?.importSchema(emptySchema()));

  return (
    <div className="bpm-page bpm-form-editor">
      <div className="bpm-page__actions">
        <FormDesignTools onPreview={openPreview} onJson={openJson} onClear={clear} />
        <Space wrap>
          <Button icon={<CopyOutlined />} onClick={() => void copyJson()}>
            复制 JSON
          </Button>
          <Button type="primary" icon={<DownloadOutlined />} onClick={exportJson}>
            导出 JSON
          </Button>
        </Space>
      </div>
      <FormDesigner ref={designer} initialSchema={initialSchema} />

      {previews.dialogs}
    </div>
  );
}

export default FormBuilderPage;
