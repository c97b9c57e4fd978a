import { InboxOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import {
  BPM_MODEL_FORM_TYPE,
  BPM_MODEL_IMPORT_MAX_BYTES,
  BPM_MODEL_KEY_PATTERN,
  bpmFormListAllSimple,
  bpmModelCreate,
  bpmModelImport,
  bpmModelUpdate,
  BpmError,
  DICT_TYPE,
} from '@app/contract';
import type { BpmModelPageItem } from '@app/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Input, Select, Tooltip, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { useEffect, useState } from 'react';
import { request } from '../../../shared/request';
import { DIALOG_WIDTH_MEDIUM, DIALOG_WIDTH_SMALL } from '../../../shared/ui/sizes';
import { DictRadio, DictSelect, queryKey, required } from '../../../shared/crud';
import { SubmitDialog } from '../../../shared/ui/submit-dialog';

const keyRules = [
  { required: true, whitespace: true, message: '流程标识不能为空' },
  { max: 64, message: '流程标识长度不能超过 64 个字符' },
  { pattern: BPM_MODEL_KEY_PATTERN, message: BpmError.MODEL_KEY_VALID.msg },
];
const nameRules = [
  { required: true, whitespace: true, message: '流程名称不能为空' },
  { max: 64, message: '流程名称长度不能超过 64 个字符' },
];
const descriptionRules = [{ max: 500, message: '流程描述长度不能超过 500 个字符' }];

/** A label with the reference's question-mark tooltip. */
const hinted = (label: string, hint: string) => (
  <span>
    {label}
    <Tooltip title={hint}>
      <QuestionCircleOutlined className="bpm-hint" aria-label={hint} />
    </Tooltip>
  </span>
);

interface CreateValues {
  key: string;
  name: string;
  description?: string;
}

/** 新建模型: key, name and description; afterwards the four steps to a deployed process are shown. */
export function ModelCreateDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<CreateValues>();
  const create = useMutation({ mutationFn: (body: CreateValues) => request(bpmModelCreate, { body }) });

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const onOk = async () => {
    const values = await form.validateFields();
    await create.mutateAsync(values);
    onClose();
    onCreated();
    modal.success({
      title: '重要提示',
      width: DIALOG_WIDTH_MEDIUM,
      okText: '确定',
      content: (
        <div>
          <Typography.Paragraph strong>新建模型成功！后续需要执行如下 4 个步骤：</Typography.Paragraph>
          <ol className="bpm-steps">
            <li>点击【修改流程】按钮，配置流程的分类、表单信息</li>
            <li>点击【设计流程】按钮，绘制流程图</li>
            <li>点击【分配规则】按钮，设置每个用户任务的审批人</li>
            <li>点击【发布流程】按钮，完成流程的最终发布</li>
          </ol>
          另外，每次流程修改后，都需要点击【发布流程】按钮，才能正式生效！！！
        </div>
      ),
    });
  };

  return (
    <SubmitDialog
      title="新建模型"
      open={open}
      width={DIALOG_WIDTH_MEDIUM}
      pending={create.isPending}
      onSubmit={onOk}
      onClose={onClose}
    >
      <Form<CreateValues> name="bpm-model-create" form={form} labelCol={{ flex: '110px' }}>
        <NewModelFields descriptionRows={3} />
      </Form>
    </SubmitDialog>
  );
}

/** 流程标识, 流程名称 and 流程描述 of a new model (created empty or imported from a file). */
function NewModelFields({ descriptionRows }: { descriptionRows: number }) {
  return (
    <>
      <Form.Item label={hinted('流程标识', '新建后，流程标识不可修改！')} name="key" rules={keyRules}>
        <Input placeholder="请输入流程标识" />
      </Form.Item>
      <Form.Item label="流程名称" name="name" rules={nameRules}>
        <Input placeholder="请输入流程名称" allowClear />
      </Form.Item>
      <Form.Item label="流程描述" name="description" rules={descriptionRules}>
        <Input.TextArea placeholder="请输入流程描述" rows={descriptionRows} />
      </Form.Item>
    </>
  );
}

interface UpdateValues {
  key: string;
  name: string;
  category?: string | null;
  description?: string | null;
  formType?: number;
  formId?: number | null;
  formCustomCreatePath?: string | null;
  formCustomViewPath?: string | null;
}

const pathRules = (required: string) => [
  { required: true, whitespace: true, message: required },
  { max: 255, message: '路由长度不能超过 255 个字符' },
  { pattern: /^\//, message: '路由必须以 / 开头' },
];

/** 修改模型: name, category, description and the form binding (process form, or business form paths). */
export function ModelUpdateDialog({
  model,
  onClose,
  onSaved,
}: {
  model: BpmModelPageItem | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<UpdateValues>();
  const formType = Form.useWatch('formType', form);
  const forms = useQuery({
    queryKey: queryKey(bpmFormListAllSimple),
    queryFn: () => request(bpmFormListAllSimple),
    enabled: model !== null,
  });
  const update = useMutation({
    mutationFn: (values: UpdateValues & { id: string }) => {
      const normal = values.formType === BPM_MODEL_FORM_TYPE.NORMAL;
      const custom = values.formType === BPM_MODEL_FORM_TYPE.CUSTOM;
      return request(bpmModelUpdate, {
        body: {
          id: values.id,
          name: values.name,
          category: values.category || null,
          description: values.description || null,
          formType: values.formType === undefined ? null : (values.formType as 10 | 20),
          formId: normal ? (values.formId ?? null) : null,
          formCustomCreatePath: custom ? (values.formCustomCreatePath ?? null) : null,
          formCustomViewPath: custom ? (values.formCustomViewPath ?? null) : null,
        },
      });
    },
  });

  useEffect(() => {
    if (!model) return;
    form.resetFields();
    form.setFieldsValue({
      key: model.key,
      name: model.name,
      category: model.category,
      description: model.description,
      formType: model.formType ?? undefined,
      formId: model.formId,
      formCustomCreatePath: model.formCustomCreatePath,
      formCustomViewPath: model.formCustomViewPath,
    });
  }, [model, form]);

  const onOk = async () => {
    if (!model) return;
    const values = await form.validateFields();
    await update.mutateAsync({ ...values, id: model.id });
    void message.success('修改模型成功');
    onClose();
    onSaved();
  };

  return (
    <SubmitDialog
      title="修改模型"
      open={model !== null}
      width={DIALOG_WIDTH_MEDIUM}
      pending={update.isPending}
      onSubmit={onOk}
      onClose={onClose}
    >
      <Form<UpdateValues> name="bpm-model-update" form={form} labelCol={{ flex: '110px' }}>
        <Form.Item label={hinted('流程标识', '流程标识不可修改！')} name="key">
          <Input disabled />
        </Form.Item>
        <Form.Item label="流程名称" name="name" rules={nameRules}>
          <Input placeholder="请输入流程名称" allowClear />
        </Form.Item>
        <Form.Item label="流程分类" name="category" rules={required('流程分类')}>
          <DictSelect
            placeholder="请选择流程分类"
            allowClear
            dictType={DICT_TYPE.BPM_MODEL_CATEGORY}
            valueType="string"
          />
        </Form.Item>
        <Form.Item label="流程描述" name="description" rules={descriptionRules}>
          <Input.TextArea placeholder="请输入流程描述" rows={3} />
        </Form.Item>
        <Form.Item label="表单类型" name="formType" rules={required('表单类型')}>
          <DictRadio dictType={DICT_TYPE.BPM_MODEL_FORM_TYPE} />
        </Form.Item>
        {formType === BPM_MODEL_FORM_TYPE.NORMAL && (
          <Form.Item label="流程表单" name="formId" rules={required('流程表单')}>
            <Select
              placeholder="请选择流程表单"
              allowClear
              showSearch
              optionFilterProp="label"
              loading={forms.isLoading}
              options={(forms.data ?? []).map((f) => ({ label: f.name, value: f.id }))}
            />
          </Form.Item>
        )}
        {formType === BPM_MODEL_FORM_TYPE.CUSTOM && (
          <>
            <Form.Item
              label={hinted(
                '表单提交路由',
                '自定义表单的提交路径，使用前端的路由地址，例如说：/bpm/oa/leave/create',
              )}
              name="formCustomCreatePath"
              rules={pathRules('表单提交路由不能为空')}
            >
              <Input placeholder="请输入表单提交路由" />
            </Form.Item>
            <Form.Item
              label={hinted(
                '表单查看路由',
                '自定义表单的查看路径，使用前端的路由地址，例如说：/bpm/oa/leave/detail',
              )}
              name="formCustomViewPath"
              rules={pathRules('表单查看路由不能为空')}
            >
              <Input placeholder="请输入表单查看路由" />
            </Form.Item>
          </>
        )}
      </Form>
    </SubmitDialog>
  );
}

interface ImportValues {
  key: string;
  name: string;
  description?: string;
}

const isDiagramFile = (name: string) => /\.(bpmn|xml)$/i.test(name);

/** 导入流程: a .bpmn or .xml file with the new model's key, name and description. */
export function ModelImportDialog({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ImportValues>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [uploading, setUploading] = useState(false);

  const onOk = async () => {
    const values = await form.validateFields();
    const file = files[0]?.originFileObj;
    if (!file) {
      void message.error('请选择要导入的流程文件');
      return;
    }
    const body = new FormData();
    body.append('key', values.key);
    body.append('name', values.name);
    if (values.description) body.append('description', values.description);
    body.append('bpmnFile', file);
    setUploading(true);
    try {
      await request(bpmModelImport, {
        body,
        // Keeps axios from turning the form into JSON; the browser adds the boundary.
        headers: { 'Content-Type': 'multipart/form-data' },
      });
    } finally {
      setUploading(false);
    }
    void message.success('导入流程成功！请点击【设计流程】按钮，进行编辑保存后，才可以进行【发布流程】');
    onClose();
    onImported();
  };

  return (
    <SubmitDialog
      title="导入流程"
      open={open}
      width={DIALOG_WIDTH_SMALL}
      pending={uploading}
      onSubmit={onOk}
      onClose={onClose}
      afterClose={() => {
        form.resetFields();
        setFiles([]);
      }}
    >
      <Upload.Dragger
        accept=".bpmn,.xml"
        maxCount={1}
        fileList={files}
        beforeUpload={(file) => {
          if (!isDiagramFile(file.name)) void message.error('只能导入 .bpmn 或 .xml 格式的文件');
          else if (file.size > BPM_MODEL_IMPORT_MAX_BYTES) void message.error('流程文件不能超过 1MB');
          else setFiles([{ uid: file.uid, name: file.name, status: 'done', originFileObj: file }]);
          // Sent with the form on 确定, not on its own.
          return Upload.LIST_IGNORE;
        }}
        onRemove={() => setFiles([])}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">将文件拖到此处，或点击上传</p>
      </Upload.Dragger>
      <Typography.Paragraph type="danger" className="bpm-import-tip">
        提示：仅允许导入“bpmn”或“xml”格式文件！
      </Typography.Paragraph>
      <Form<ImportValues> name="bpm-model-import" form={form} labelCol={{ flex: '90px' }}>
        <NewModelFields descriptionRows={2} />
      </Form>
    </SubmitDialog>
  );
}
