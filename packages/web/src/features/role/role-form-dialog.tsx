import { roleCreate, roleGet, roleUpdate } from '@app/contract';
import { Form, Input, InputNumber } from 'antd';
import { FormDialog, maxLength, required, requiredText } from '../../shared/crud';
import type { FormDialogControl } from '../../shared/crud';
import { DIALOG_WIDTH_SMALL } from '../../shared/ui/sizes';

/** 添加角色 / 修改角色: name, code, sort and remark. */
export function RoleFormDialog({ control }: { control: FormDialogControl }) {
  return (
    <FormDialog
      control={control}
      entity="角色"
      name="role-form"
      get={roleGet}
      create={roleCreate}
      update={roleUpdate}
      width={DIALOG_WIDTH_SMALL + 100}
      initialValues={{ name: '', code: '', sort: 0, remark: '' }}
      toForm={(row) => ({ name: row.name, code: row.code, sort: row.sort, remark: row.remark ?? '' })}
      toBody={(values) => ({ ...values, remark: values.remark ?? '' })}
    >
      <Form.Item label="角色名称" name="name" rules={requiredText('角色名称', 30)}>
        <Input placeholder="请输入角色名称" />
      </Form.Item>
      <Form.Item label="角色标识" name="code" rules={requiredText('角色标识', 100)}>
        <Input placeholder="请输入角色标识" />
      </Form.Item>
      <Form.Item label="角色顺序" name="sort" rules={required('角色顺序')}>
        <InputNumber min={0} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="备注" name="remark" rules={maxLength('备注', 500)}>
        <Input.TextArea placeholder="请输入内容" rows={3} />
      </Form.Item>
    </FormDialog>
  );
}
