import { ClearOutlined, CodeOutlined, CopyOutlined, DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { App, Button, Modal, Space } from 'antd';
import { useRef, useState } from 'react';
import { errorMessageOf, saveBlob } from '../../../shared/request';
import { DIALOG_WIDTH_MEDIUM } from '../../../shared/ui/sizes';
import { FormDesigner, type FormDesignerHandle } from './form-designer';
import { FormRenderer } from './form-renderer';
import { emptySchema, toStoredForm, type FormSchema } from './form-schema';
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
  const [preview, setPreview] = useState<{ conf: string; fields: string[] } | null>(null);
  const [json, setJson] = useState<string | null>(null);

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
    if (text) setPreview(toStoredForm(JSON.parse(text) as FormSchema));
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

  const clear = () =>
    modal.confirm({
      title: '系统提示',
      content: '确定要清空所有表单项吗？',
      okText: '确定',
      cancelText: '取消',
      onOk: () => designer.current?.importSchema(emptySchema()),
    });

  return (
    <div className="bpm-page bpm-form-editor">
      <div className="bpm-page__actions">
        <Space wrap>
          <Button icon={<EyeOutlined />} onClick={openPreview}>
            预览
          </Button>
          <Button icon={<CodeOutlined />} onClick={() => setJson(currentJson())}>
            查看 JSON
          </Button>
          <Button icon={<ClearOutlined />} onClick={clear}>
            清空
          </Button>
        </Space>
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

      <Modal
        title="表单预览"
        open={preview !== null}
        width={DIALOG_WIDTH_MEDIUM}
        footer={null}
        onCancel={() => setPreview(null)}
        destroyOnHidden
      >
        {preview && (
          <FormRenderer
            conf={preview.conf}
            fields={preview.fields}
            submitText="校 验"
            onSubmit={(values) =>
              modal.info({
                title: '校验通过，提交的值',
                content: <pre className="bpm-json">{JSON.stringify(values, null, 2)}</pre>,
                okText: '确定',
              })
            }
          />
        )}
      </Modal>

      <Modal
        title="表单 JSON"
        open={json !== null}
        width="60%"
        footer={null}
        onCancel={() => setJson(null)}
        destroyOnHidden
      >
        <pre className="bpm-json bpm-json--scroll" data-testid="form-json">
          {json}
        </pre>
      </Modal>
    </div>
  );
}

export default FormBuilderPage;
