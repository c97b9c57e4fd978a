import { LoadingOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, DatePicker, Space, Typography, Upload } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '../date/format';
import { uploadFile } from '../request/upload-file';

/*
 * Form inputs whose value is what the API carries: a date or date-time as epoch milliseconds, an uploaded
 * image or file as its URL. Generated pages (代码生成) and hand-written ones share them.
 */

interface ValueProps<T> {
  value?: T | null;
  onChange?: (value: T | null) => void;
  id?: string;
  disabled?: boolean;
}

type EpochInputProps = ValueProps<number> & { placeholder?: string };

/** A picker holding epoch milliseconds: the moment chosen, or with `time` false the day's start. */
function EpochPicker({
  value,
  onChange,
  id,
  disabled,
  placeholder,
  time,
}: EpochInputProps & { time: boolean }) {
  return (
    <DatePicker
      id={id}
      showTime={time}
      format={time ? DATE_TIME_FORMAT : DATE_FORMAT}
      placeholder={placeholder}
      disabled={disabled}
      value={value === null || value === undefined ? null : dayjs(value)}
      onChange={(day) => onChange?.(day ? (time ? day : day.startOf('day')).valueOf() : null)}
      style={{ width: '100%' }}
    />
  );
}

/** A date and time picker holding epoch milliseconds. */
export const DateTimeInput = ({ placeholder = '选择日期时间', ...props }: EpochInputProps) => (
  <EpochPicker {...props} placeholder={placeholder} time />
);

/** A date picker holding the chosen day's local midnight in epoch milliseconds (a birthday). */
export const DateInput = ({ placeholder = '选择日期', ...props }: EpochInputProps) => (
  <EpochPicker {...props} placeholder={placeholder} time={false} />
);

/** Uploads through `POST /infra/file/upload` and hands the URL on; false when it failed. */
function useUpload(onChange: ((url: string) => void) | undefined) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File) => {
    setUploading(true);
    try {
      onChange?.(await uploadFile(file, file.name));
    } catch {
      void message.error('上传失败，请重试');
    } finally {
      setUploading(false);
    }
  };
  return { uploading, upload };
}

/** One image: a square to click (or drop onto) showing the uploaded image, with 删除 to clear it. */
export function ImageUpload({ value, onChange, id, disabled }: ValueProps<string>) {
  const { uploading, upload } = useUpload((url) => onChange?.(url));
  return (
    <Space align="start">
      <Upload
        id={id}
        accept="image/png,image/jpeg,image/gif,image/webp"
        listType="picture-card"
        showUploadList={false}
        disabled={disabled || uploading}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        {value ? (
          <img src={value} alt="已上传的图片" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : (
          <span aria-label="上传图片">{uploading ? <LoadingOutlined /> : <PlusOutlined />}</span>
        )}
      </Upload>
      {value && (
        <Button size="small" disabled={disabled} onClick={() => onChange?.(null)}>
          删除
        </Button>
      )}
    </Space>
  );
}

/** One file: 选择文件 uploads it; the link of the uploaded one, with 删除 to clear it. */
export function FileUpload({ value, onChange, id, disabled }: ValueProps<string>) {
  const { uploading, upload } = useUpload((url) => onChange?.(url));
  return (
    <Space direction="vertical" size={4}>
      <Upload
        id={id}
        showUploadList={false}
        disabled={disabled || uploading}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading} disabled={disabled}>
          选择文件
        </Button>
      </Upload>
      {value && (
        <Space>
          <Typography.Link href={value} target="_blank" rel="noreferrer">
            {decodeURIComponent(value.split('/').pop() ?? value)}
          </Typography.Link>
          <Button size="small" type="link" danger disabled={disabled} onClick={() => onChange?.(null)}>
            删除
          </Button>
        </Space>
      )}
    </Space>
  );
}
