import { areaGetByIp } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { request } from '../../shared/request';
import { DIALOG_WIDTH_SMALL } from '../../shared/ui/sizes';
import { SubmitDialog } from '../../shared/ui/submit-dialog';

interface IpForm {
  ip: string;
  result?: string;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** IPv4 in dotted decimal, or IPv6 as the address parser of the browser reads it (the server checks again). */
const isIpAddress = (value: string): boolean => {
  if (IPV4.test(value)) return true;
  if (!value.includes(':') || !/^[\d.:a-f]+$/i.test(value)) return false;
  try {
    new URL(`http://[${value}]/`);
    return true;
  } catch {
    return false;
  }
};

const ipRules: Rule[] = [
  { required: true, whitespace: true, message: 'IP 地址不能为空' },
  {
    validator: async (_, value: string | undefined) => {
      if (value?.trim() && !isIpAddress(value.trim())) throw new Error('IP 地址格式不正确');
    },
  },
];

/** IP 查询: the region of an address from the server's offline IP database ('未知' when it has none). */
export function AreaIpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<IpForm>();
  const lookUp = useMutation({
    mutationFn: (ip: string) => request(areaGetByIp, { query: { ip } }),
    onSuccess: (region) => form.setFieldValue('result', region ?? '未知'),
  });

  const submit = async () => {
    const { ip } = await form.validateFields(['ip']);
    form.setFieldValue('result', undefined);
    lookUp.mutate(ip.trim());
  };

  return (
    <SubmitDialog
      title="IP 查询"
      open={open}
      width={DIALOG_WIDTH_SMALL}
      okText="查 询"
      pending={lookUp.isPending}
      onSubmit={submit}
      onClose={onClose}
      destroyOnHidden
    >
      <Form form={form} name="area-ip-form" labelCol={{ span: 4 }} onFinish={() => void submit()}>
        <Form.Item label="IP" name="ip" rules={ipRules}>
          <Input placeholder="请输入 IP 地址" autoComplete="off" allowClear />
        </Form.Item>
        <Form.Item label="地址" name="result">
          <Input readOnly placeholder="展示查询 IP 结果" />
        </Form.Item>
      </Form>
    </SubmitDialog>
  );
}
