import { DICT_TYPE, payAppPage, payChannelCreate, payChannelGet, payChannelUpdate } from '@app/contract';
import type { PayChannel, PayChannelCode } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Radio, Spin } from 'antd';
import type { FormInstance, FormRule } from 'antd';
import { useState } from 'react';
import type { ReactNode } from 'react';
import {
  dictField,
  invalidateEndpoints,
  remarkField,
  required,
  requiredText,
  useCan,
  useOnOpen,
} from '../../shared/crud';
import { request } from '../../shared/request';
import { FileTextInput } from './channel-inputs';
import { ALIPAY_MODE, ALIPAY_SERVER_URLS, channelFormOf, channelName } from './pay-channels';
import type { ChannelForm } from './pay-channels';
import { SubmitDialog } from '../../shared/ui/submit-dialog';

/** The app and channel a dialog configures. */
export interface ChannelTarget {
  appId: number;
  code: PayChannelCode;
}

/** The form's values once checked (the mock and wallet channels have no fee rate or configuration). */
type Values = { status: number; feeRate: number; remark?: string | null; config?: Record<string, unknown> };

/** A field of the channel's configuration (`config.<key>`), required. */
const configItem = (
  label: string,
  key: string,
  input: ReactNode,
  rules: FormRule[] = requiredText(label),
) => (
  <Form.Item key={key} label={label} name={['config', key]} rules={rules}>
    {input}
  </Form.Item>
);

const textItem = (label: string, key: string) =>
  configItem(label, key, <Input placeholder={`请输入${label}`} />);

/** A pasted key (a text area, masked when the server answered it). */
const keyItem = (label: string, key: string) =>
  configItem(
    label,
    key,
    <Input.TextArea placeholder={`请输入${label}`} autoSize={{ minRows: 3, maxRows: 8 }} />,
  );

/** A certificate or key pasted or read from a file. */
const fileItem = (label: string, key: string, accept: string, base64 = false) =>
  configItem(label, key, <FileTextInput label={label} accept={accept} base64={base64} />);

const feeRateItem = (
  <Form.Item key="feeRate" label="渠道费率" name="feeRate" rules={required('渠道费率')}>
    <InputNumber
      min={0}
      max={100}
      precision={2}
      placeholder="请输入渠道费率"
      suffix="%"
      style={{ width: 200 }}
    />
  </Form.Item>
);
const statusItem = dictField('渠道状态', 'status', DICT_TYPE.COMMON_STATUS);

function AlipayFields({ form }: { form: FormInstance }) {
  const mode = Form.useWatch(['config', 'mode'], form);
  return (
    <>
      {feeRateItem}
      {textItem('开放平台 APPID', 'appId')}
      {statusItem}
      {configItem(
        '网关地址',
        'serverUrl',
        <Radio.Group
          options={[
            { value: ALIPAY_SERVER_URLS.online, label: '线上环境' },
            { value: ALIPAY_SERVER_URLS.sandbox, label: '沙箱环境' },
          ]}
        />,
        required('网关地址'),
      )}
      {configItem('算法类型', 'signType', <Radio.Group options={['RSA2']} />, required('算法类型'))}
      {configItem(
        '公钥类型',
        'mode',
        <Radio.Group
          options={[
            { value: ALIPAY_MODE.KEY, label: '公钥模式' },
            { value: ALIPAY_MODE.CERT, label: '证书模式' },
          ]}
        />,
        required('公钥类型'),
      )}
      {keyItem('应用私钥', 'privateKey')}
      {mode === ALIPAY_MODE.KEY && keyItem('支付宝公钥', 'alipayPublicKey')}
      {mode === ALIPAY_MODE.CERT && (
        <>
          {fileItem('商户公钥应用证书', 'appCertContent', '.crt')}
          {fileItem('支付宝公钥证书', 'alipayPublicCertContent', '.crt')}
          {fileItem('根证书', 'rootCertContent', '.crt')}
        </>
      )}
    </>
  );
}

function WeixinFields({ form }: { form: FormInstance }) {
  const version = Form.useWatch(['config', 'apiVersion'], form);
  return (
    <>
      {feeRateItem}
      {textItem('公众号 APPID', 'appId')}
      {textItem('商户号', 'mchId')}
      {statusItem}
      {configItem(
        'API 版本',
        'apiVersion',
        <Radio.Group
          options={[
            { value: 'v2', label: 'v2' },
            { value: 'v3', label: 'v3' },
          ]}
        />,
        required('API 版本'),
      )}
      {version === 'v2' && (
        <>
          {keyItem('商户密钥', 'mchKey')}
          {fileItem('apiclient_cert.p12 证书', 'keyContent', '.p12', true)}
        </>
      )}
      {version === 'v3' && (
        <>
          {keyItem('API V3 密钥', 'apiV3Key')}
          {fileItem('apiclient_key.pem 证书', 'privateKeyContent', '.pem')}
          {textItem('证书序列号', 'certSerialNo')}
        </>
      )}
    </>
  );
}

/** A channel not configured yet starts from these. */
const NEW_CHANNEL: Record<ChannelForm, Partial<Values>> = {
  alipay: {
    status: 0,
    config: { serverUrl: ALIPAY_SERVER_URLS.online, signType: 'RSA2', mode: ALIPAY_MODE.KEY },
  },
  wx: { status: 0, config: { apiVersion: 'v3' } },
  plain: { status: 0 },
};

const parseConfig = (config: string): Record<string, unknown> => {
  try {
    const parsed: unknown = JSON.parse(config);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const toForm = (kind: ChannelForm, channel: PayChannel | null): Partial<Values> =>
  channel
    ? {
        status: channel.status,
        feeRate: channel.feeRate,
        remark: channel.remark,
        config: parseConfig(channel.config),
      }
    : NEW_CHANNEL[kind];

/**
 * The saved channel: the configuration as a JSON string of the fields the form shows (those of the
 * chosen 公钥类型 or API 版本); the mock and wallet channels have none and no fee.
 */
const toBody = (kind: ChannelForm, { status, feeRate, remark, config }: Values) =>
  kind === 'plain'
    ? { status, feeRate: 0, remark, config: '{}' }
    : { status, feeRate, remark, config: JSON.stringify(config ?? {}) };

/**
 * The configuration of one channel of an app (支付宝, 微信, 模拟支付 or 钱包): loads it (null = not
 * configured yet), then creates or updates it; the app list refreshes so its cell shows it configured.
 */
export function ChannelDialog({ target, onClose }: { target: ChannelTarget | null; onClose: () => void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm();
  const canSave = useCan(payChannelCreate);
  // The opening whose channel is in the form, and that channel.
  const [loaded, setLoaded] = useState<{ target: ChannelTarget; channel: PayChannel | null } | null>(null);
  const [saving, setSaving] = useState(false);
  const loading = target !== null && loaded?.target !== target;
  const kind = target ? channelFormOf(target.code) : 'plain';

  useOnOpen(target, (opened, isCurrent) => {
    form.resetFields();
    request(payChannelGet, { query: opened })
      .then((channel) => {
        if (!isCurrent()) return;
        form.setFieldsValue(toForm(channelFormOf(opened.code), channel));
        setLoaded({ target: opened, channel });
      })
      .catch(() => isCurrent() && onClose());
  });

  const save = async () => {
    if (!target || loaded?.target !== target) return;
    const body = toBody(kind, (await form.validateFields()) as Values);
    setSaving(true);
    try {
      if (loaded.channel) await request(payChannelUpdate, { body: { ...body, id: loaded.channel.id } });
      else await request(payChannelCreate, { body: { ...body, appId: target.appId, code: target.code } });
    } finally {
      setSaving(false);
    }
    void message.success(loaded.channel ? '修改成功' : '新增成功');
    onClose();
    await invalidateEndpoints(client, payChannelGet, payAppPage);
  };

  return (
    <SubmitDialog
      title={target ? `${channelName(target.code)} · 渠道配置` : ''}
      open={target !== null}
      width={800}
      pending={saving}
      okButtonProps={{ disabled: loading || !canSave }}
      onSubmit={save}
      onClose={onClose}
    >
      <Spin spinning={loading}>
        <Form name="payChannelForm" form={form} labelCol={{ flex: '160px' }} disabled={loading}>
          {kind === 'alipay' && <AlipayFields form={form} />}
          {kind === 'wx' && <WeixinFields form={form} />}
          {kind === 'plain' && statusItem}
          {remarkField(500, { rows: 3 })}
        </Form>
      </Spin>
    </SubmitDialog>
  );
}
