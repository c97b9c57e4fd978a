import { InboxOutlined } from '@ant-design/icons';
import { infraFilePage } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { useState } from 'react';
import { invalidateEndpoints } from '../../shared/crud';
import { uploadFile } from '../../shared/request/upload-file';

export interface FileUploadDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * 上传文件: one file dragged or chosen, sent to `POST /infra/file/upload` with an optional storage path;
 * the list reloads once it is stored.
 */
export function FileUploadDialog({ open, onClose }: FileUploadDialogProps) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [path, setPath] = useState('');
  const [uploading, setUploading] = useState(false);

  const close = () => {
    setFiles([]);
    setPath('');
    onClose();
  };
  const onOk = async () => {
    const file = files[0]?.originFileObj;
    if (!file) {
      void message.error('请上传文件');
      return;
    }
    setUploading(true);
    try {
      await uploadFile(file, file.name, path.trim() || undefined);
      void message.success('上传成功');
      await invalidateEndpoints(client, infraFilePage);
      close();
    } catch {
      // The request layer has shown the failure.
    } finally {
      setUploading(false);
    }
  };

  return (
    <Modal
      title="上传文件"
      open={open}
      width={480}
      onCancel={close}
      onOk={() => void onOk()}
      okText="确定"
      cancelText="取消"
      confirmLoading={uploading}
      destroyOnHidden
    >
      <Upload.Dragger
        name="file"
        maxCount={1}
        fileList={files}
        beforeUpload={() => false}
        onChange={({ fileList }) => setFiles(fileList.slice(-1))}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">将文件拖到此处，或点击上传</p>
        <p className="ant-upload-hint">文件类型按内容识别；不填存储路径时按内容摘要命名</p>
      </Upload.Dragger>
      <Form layout="vertical" style={{ marginTop: 16 }}>
        <Form.Item label="存储路径（可选）" extra="相对路径，例如 docs/readme.txt">
          <Input value={path} onChange={(e) => setPath(e.target.value)} placeholder="请输入存储路径" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
