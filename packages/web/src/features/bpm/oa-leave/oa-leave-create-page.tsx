import { DICT_TYPE, oaLeaveCreate, oaLeaveGet } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTabs } from '../../../layout/tags-view';
import { DictSelect, required, useCan } from '../../../shared/crud';
import { DATE_TIME_FORMAT } from '../../../shared/date/format';
import { request } from '../../../shared/request';
import { invalidateRuntime, oaLeaveDetailPath, processDetailPath } from '../runtime-paths';
import '../runtime.css';

interface FormValues {
  type: number;
  startTime: Dayjs;
  endTime: Dayjs;
  reason: string;
}

/** 发起 OA 请假 (/bpm/oa/leave/create): a leave request that starts the `oa_leave` process. */
export default function OaLeaveCreatePage() {
  const { message } = App.useApp();
  const canCreate = useCan(oaLeaveCreate);
  const tabs = useTabs();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();

  const create = useMutation({
    mutationFn: async (values: FormValues) => {
      const id = await request(oaLeaveCreate, {
        body: {
          type: values.type,
          reason: values.reason,
          startTime: values.startTime.valueOf(),
          endTime: values.endTime.valueOf(),
        },
      });
      return request(oaLeaveGet, { query: { id } });
    },
    onSuccess: () => invalidateRuntime(queryClient),
  });

  const onSubmit = async (values: FormValues) => {
    const leave = await create.mutateAsync(values);
    void message.success('发起成功');
    tabs.closeAndOpen(
      leave.processInstanceId ? processDetailPath(leave.processInstanceId) : oaLeaveDetailPath(leave.id),
    );
  };

  return (
    <div className="bpm-runtime-page">
      <Card title="发起 OA 请假" size="small">
        <Form<FormValues>
          form={form}
          name="oa-leave-form"
          className="bpm-runtime-form"
          labelCol={{ flex: '100px' }}
          onFinish={(values) => void onSubmit(values).catch(() => undefined)}
        >
          <Form.Item label="请假类型" name="type" rules={required('请假类型')}>
            <DictSelect placeholder="请选择请假类型" dictType={DICT_TYPE.BPM_OA_LEAVE_TYPE} />
          </Form.Item>
          <Form.Item label="开始时间" name="startTime" rules={required('开始时间')}>
            <DatePicker
              showTime
              format={DATE_TIME_FORMAT}
              placeholder="请选择开始时间"
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item
            label="结束时间"
            name="endTime"
            dependencies={['startTime']}
            rules={[
              { required: true, message: '结束时间不能为空' },
              ({ getFieldValue }) => ({
                validator: (_, end: Dayjs | undefined) => {
                  const start = getFieldValue('startTime') as Dayjs | undefined;
                  return !start || !end || end.isAfter(start)
                    ? Promise.resolve()
                    : Promise.reject(new Error('结束时间需要大于开始时间'));
                },
              }),
            ]}
          >
            <DatePicker
              showTime
              format={DATE_TIME_FORMAT}
              placeholder="请选择结束时间"
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item
            label="原因"
            name="reason"
            rules={[
              { required: true, whitespace: true, message: '原因不能为空' },
              { max: 200, message: '原因不能超过 200 个字符' },
            ]}
          >
            <Input.TextArea rows={3} placeholder="请输入请假原因" />
          </Form.Item>
          <Form.Item label=" " colon={false}>
            <Space>
              {canCreate && (
                <Button type="primary" htmlType="submit" loading={create.isPending}>
                  提 交
                </Button>
              )}
              <Button onClick={() => tabs.close()}>取 消</Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
    </div>
  );
}
