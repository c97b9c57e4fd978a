import { DICT_TYPE, postSimpleList, userCreate, userGet, userUpdate } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select, TreeSelect } from 'antd';
import {
  DictSelect,
  emailField,
  FormDialog,
  mobileField,
  passwordField,
  queryKey,
  remarkField,
  requiredText,
} from '../../shared/crud';
import type { FormDialogControl } from '../../shared/crud';
import { request } from '../../shared/request';
import { useDeptOptions } from './user-dept-tree';

/** 添加用户 / 修改用户; a new user starts in the department chosen in the tree, with a password. */
export function UserFormDialog({ control, deptId }: { control: FormDialogControl; deptId: number | null }) {
  const { options: deptOptions } = useDeptOptions();
  const posts = useQuery({
    queryKey: queryKey(postSimpleList),
    queryFn: () => request(postSimpleList),
    enabled: control.target !== null,
  });

  return (
    <FormDialog
      control={control}
      entity="用户"
      name="user-form"
      get={userGet}
      create={userCreate}
      update={userUpdate}
      initialValues={{ deptId: deptId ?? undefined, postIds: [] }}
      toForm={(row) => ({ ...row, sex: row.sex === 1 || row.sex === 2 ? row.sex : null })}
    >
      {(_, updating) => (
        <>
          <Form.Item label="用户昵称" name="nickname" rules={requiredText('用户昵称', 30)}>
            <Input placeholder="请输入用户昵称" />
          </Form.Item>
          <Form.Item label="归属部门" name="deptId">
            <TreeSelect allowClear treeData={deptOptions} treeDefaultExpandAll placeholder="请选择归属部门" />
          </Form.Item>
          {mobileField('手机号码', 'mobile')}
          {emailField()}
          <Form.Item
            label="用户名称"
            name="username"
            rules={[
              { required: true, whitespace: true, message: '用户名称不能为空' },
              { pattern: /^[a-zA-Z0-9]{4,30}$/, message: '用户名称由 4-30 位数字、字母组成' },
            ]}
          >
            <Input placeholder="请输入用户名称" />
          </Form.Item>
          {!updating && passwordField()}
          <Form.Item label="用户性别" name="sex">
            <DictSelect dictType={DICT_TYPE.SYSTEM_USER_SEX} allowClear placeholder="请选择" />
          </Form.Item>
          <Form.Item label="岗位" name="postIds">
            <Select
              mode="multiple"
              placeholder="请选择"
              options={(posts.data ?? []).map((p) => ({ label: p.name, value: p.id }))}
            />
          </Form.Item>
          {remarkField(500, { rows: 3 })}
        </>
      )}
    </FormDialog>
  );
}
