import { ClearOutlined, CodeOutlined, EyeOutlined } from '@ant-design/icons';
import { App, Button, Modal, Space } from 'antd';
import { useState } from 'react';
import { DIALOG_WIDTH_MEDIUM } from '../../../shared/ui/sizes';
import { FormRenderer } from './form-renderer';
import { toStoredForm, type FormSchema } from './form-schema';

/**
 * 预览 and 查看 JSON of a form design, shared by the form editor and 表单构建: how to open each and
 * the two dialogs to render. The preview's 校 验 shows the values a submit would carry.
 */
export function useFormPreview() {
  const { modal } = App.useApp();
  const [preview, setPreview] = useState<ReturnType<typeof toStoredForm> | null>(null);
  const [json, setJson] = useState<string | null>(null);

  const dialogs = (
    <>
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
    </>
  );

  return {
    showPreview: (schema: FormSchema) => setPreview(toStoredForm(schema)),
    showJson: (schema: FormSchema) => setJson(JSON.stringify(schema, null, 2)),
    dialogs,
  };
}

/** 清空's question: the designer starts again from an empty form once the user agrees. */
export const confirmClear = (confirm: ReturnType<typeof App.useApp>['modal']['confirm'], onOk: () => void) =>
  confirm({
    title: '系统提示',
    content: '确定要清空所有表单项吗？',
    okText: '确定',
    cancelText: '取消',
    onOk,
  });

/** The design tools both designers start their toolbar with: 预览, 查看 JSON and 清空. */
export function FormDesignTools(props: { onPreview: () => void; onJson: () => void; onClear: () => void }) {
  return (
    <Space wrap>
      <Button icon={<EyeOutlined />} onClick={props.onPreview}>
        预览
      </Button>
      <Button icon={<CodeOutlined />} onClick={props.onJson}>
        查看 JSON
      </Button>
      <Button icon={<ClearOutlined />} onClick={props.onClear}>
        清空
      </Button>
    </Space>
  );
}
