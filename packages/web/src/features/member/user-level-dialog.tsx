import { DICT_TYPE, memberUserPage, memberUserUpdateLevel } from '@app/contract';
import type { MemberUser } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form } from 'antd';
import { useEffect } from 'react';
import { dictField, invalidateEndpoints, readOnlyField, textField } from '../../shared/crud';
import { request } from '../../shared/request';
import { DIALOG_WIDTH_SMALL } from '../../shared/ui/sizes';
import { SubmitDialog } from '../../shared/ui/submit-dialog';

interface Values {
  levelId: number;
  reason: string;
}

/** 修改等级: the member's new level and why, kept with the change. */
export function UserLevelDialog({ member, onClose }: { member: MemberUser | null; onClose: () => void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  // Each opening starts from the member's level, without an earlier reason.
  useEffect(() => {
    form.resetFields();
    if (member) form.setFieldsValue({ levelId: member.levelId });
  }, [member, form]);
  const save = useMutation({
    mutationFn: (body: Values & { id: number }) => request(memberUserUpdateLevel, { body }),
  });
  const submit = async () => {
    const values = await form.validateFields();
    if (!member) return;
    await save.mutateAsync({ id: member.id, levelId: values.levelId, reason: values.reason.trim() });
    void message.success('修改成功');
    onClose();
    await invalidateEndpoints(client, memberUserPage);
  };
  return (
    <SubmitDialog
      title="修改用户等级"
      open={member !== null}
      width={DIALOG_WIDTH_SMALL}
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form name="memberUserLevelForm" form={form} labelCol={{ flex: '80px' }}>
        {readOnlyField('用户昵称', member?.nickname)}
        {dictField('会员等级', 'levelId', DICT_TYPE.MBR_USER_LEVEL, { placeholder: '请选择会员等级' })}
        {textField('修改原因', 'reason', 255, { rows: 3, placeholder: '请输入修改原因' })}
      </Form>
    </SubmitDialog>
  );
}
