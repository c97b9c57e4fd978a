import { infraConfigCreate, infraConfigGet, infraConfigUpdate } from '@app/contract';
import { Form, Input, Radio } from 'antd';
import { FormDialog, required } from '../../shared/crud';
import type { FormDialogControl } from '../../shared/crud';

const YES_NO = [
  { label: '是', value: true },
  { label: '否', value: false },
];

/** 添加参数 / 修改参数: the key cannot change once created (code reads values by key). */
export function ConfigFormDialog({ control }: { control: FormDialogControl }) {
  return (
    <FormDialog
      control={control}
      entity="参数"
      name="configForm"
      get={infraConfigGet}
      create={infraConfigCreate}
      update={infraConfigUpdate}
      initialValues={{ visible: true }}
    >
      {(_, updating) => (
        <>
          <Form.Item
            label="参数分类"
            name="category"
            rules={[
              { required: true, whitespace: true, message: '参数分类不能为空' },
              { max: 50, message: '参数分类不能超过50个字符' },
            ]}
          >
            <Input placeholder="请输入参数分类" />
          </Form.Item>
          <Form.Item
            label="参数名称"
            name="name"
            rules={[
              { required: true, whitespace: true, message: '参数名称不能为空' },
              { max: 100, message: '参数名称不能超过100个字符' },
            ]}
          >
            <Input placeholder="请输入参数名称" />
          </Form.Item>
          <Form.Item
            label="参数键名"
            name="key"
            rules={[
              { required: true, whitespace: true, message: '参数键名不能为空' },
              { max: 100, message: '参数键名长度不能超过100个字符' },
            ]}
          >
            <Input placeholder="请输入参数键名" disabled={updating} />
          </Form.Item>
          <Form.Item
            label="参数键值"
            name="value"
            rules={[
              { required: true, whitespace: true, message: '参数键值不能为空' },
              { max: 500, message: '参数键值长度不能超过500个字符' },
            ]}
          >
            <Input placeholder="请输入参数键值" />
          </Form.Item>
          <Form.Item label="是否可见" name="visible" rules={required('是否可见')}>
            <Radio.Group options={YES_NO} />
          </Form.Item>
          <Form.Item label="备注" name="remark" rules={[{ max: 500, message: '备注长度不能超过500个字符' }]}>
            <Input.TextArea placeholder="请输入内容" rows={3} />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
