import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Input, Space, Upload } from 'antd';

/** A file's bytes as base64 (the .p12 certificate travels so). */
const base64Of = async (file: File): Promise<string> => {
  let binary = '';
  for (const byte of new Uint8Array(await file.arrayBuffer())) binary += String.fromCharCode(byte);
  return btoa(binary);
};

export interface FileTextInputProps {
  value?: string | null;
  onChange?: (value: string) => void;
  id?: string;
  disabled?: boolean;
  /** What the field holds ('支付宝公钥证书'): the placeholder and the file picker's name. */
  label: string;
  /** The file types offered ('.crt'). */
  accept: string;
  /** base64: the file's bytes (a binary certificate); otherwise its text. */
  base64?: boolean;
}

/**
 * A key or certificate: a text area to paste it into, and 点击上传 to fill it from a file, read in the
 * browser (nothing is uploaded). A masked secret the server answered shows as it is.
 */
export function FileTextInput({ value, onChange, id, disabled, label, accept, base64 }: FileTextInputProps) {
  const { message } = App.useApp();
  const read = (file: File) =>
    (base64 ? base64Of(file) : file.text())
      .then((content) => onChange?.(content))
      .catch(() => void message.error('读取文件失败，请重试'));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Input.TextArea
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange?.(event.target.value)}
        disabled={disabled}
        placeholder={`请输入${label}`}
        autoSize={{ minRows: 3, maxRows: 8 }}
      />
      <Upload
        accept={accept}
        showUploadList={false}
        disabled={disabled}
        aria-label={`选择${label}文件`}
        beforeUpload={(file) => {
          void read(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} disabled={disabled}>
          点击上传
        </Button>
      </Upload>
    </Space>
  );
}
