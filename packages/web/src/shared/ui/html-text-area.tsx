import { PictureOutlined } from '@ant-design/icons';
import { App, Button, Input, Space } from 'antd';
import type { TextAreaProps } from 'antd/es/input';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState } from 'react';
import { uploadFile } from '../request/upload-file';

export interface HtmlTextAreaProps extends Omit<TextAreaProps, 'value' | 'onChange'> {
  value?: string;
  onChange?: (value: string) => void;
}

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/** Escapes a text for an HTML attribute. */
const attribute = (text: string) =>
  text.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);

/**
 * HTML content (a notice's body) with the rich-text editor's 插入图片: the image goes through
 * `POST /infra/file/upload` and an `<img>` of its URL is inserted at the cursor.
 */
export function HtmlTextArea({ value = '', onChange, ...props }: HtmlTextAreaProps) {
  const { message } = App.useApp();
  const area = useRef<TextAreaRef>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const insertImage = async (file: File) => {
    setUploading(true);
    try {
      const url = await uploadFile(file, file.name);
      const input = area.current?.resizableTextArea?.textArea;
      const at = input?.selectionStart ?? value.length;
      const tag = `<img src="${attribute(url)}" alt="${attribute(file.name)}" />`;
      onChange?.(`${value.slice(0, at)}${tag}${value.slice(input?.selectionEnd ?? at)}`);
      void message.success('图片插入成功');
    } catch {
      // The request layer has shown the failure.
    } finally {
      setUploading(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size={4}>
      <Button
        size="small"
        icon={<PictureOutlined />}
        loading={uploading}
        onClick={() => picker.current?.click()}
      >
        插入图片
      </Button>
      <input
        ref={picker}
        type="file"
        accept={IMAGE_TYPES}
        // Not `hidden`: antd's reset shows every file input as a block inside a form item.
        style={{ display: 'none' }}
        aria-label="选择图片"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void insertImage(file);
        }}
      />
      <Input.TextArea {...props} ref={area} value={value} onChange={(e) => onChange?.(e.target.value)} />
    </Space>
  );
}
