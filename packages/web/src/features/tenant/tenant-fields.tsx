import {
  DICT_TYPE,
  tenantPackageGetSimpleList,
  TENANT_DOMAIN_PATTERN,
  USERNAME_PATTERN,
} from '@app/contract';
import type { Tenant } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, InputNumber, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { DictRadio, mobileField, passwordField, queryKey, required, requiredText } from '../../shared/crud';
import { DATE_TIME_FORMAT } from '../../shared/date/format';
import { request } from '../../shared/request';

/** A loaded tenant → the form: the expiry as a picker's value. */
export const tenantToForm = (row: Tenant) => ({
  ...row,
  status: row.status === 1 ? 1 : 0,
  expireTime: dayjs(row.expireTime),
});

/** The form → the body: empty optional texts as null, the expiry in epoch milliseconds. */
export const tenantToBody = (values: Record<string, unknown>) => ({
  ...values,
  contactMobile: values.contactMobile || null,
  domain: values.domain || null,
  expireTime: (values.expireTime as Dayjs).valueOf(),
});

/** 添加租户 / 修改租户's fields; on create also 用户名称 and 用户密码 of the tenant's administrator. */
export function TenantFields({ updating, open }: { updating: boolean; open: boolean }) {
  const packages = useQuery({
    queryKey: queryKey(tenantPackageGetSimpleList),
    queryFn: () => request(tenantPackageGetSimpleList),
    enabled: open,
    staleTime: 0,
  });

  return (
    <>
      <Form.Item label="租户名" name="name" rules={requiredText('租户名', 30)}>
        <Input placeholder="请输入租户名" />
      </Form.Item>
      <Form.Item label="租户套餐" name="packageId" rules={required('租户套餐')}>
        <Select
          placeholder="请选择租户套餐"
          loading={packages.isLoading}
          options={(packages.data ?? []).map((p) => ({ label: p.name, value: p.id }))}
          notFoundContent="暂无开启的租户套餐"
        />
      </Form.Item>
      <Form.Item label="联系人" name="contactName" rules={requiredText('联系人', 30)}>
        <Input placeholder="请输入联系人" />
      </Form.Item>
      {mobileField('联系手机', 'contactMobile')}
      {!updating && (
        <>
          <Form.Item
            label="用户名称"
            name="username"
            rules={[
              { required: true, whitespace: true, message: '用户名称不能为空' },
              { pattern: USERNAME_PATTERN, message: '用户账号由 4-30 位数字、字母组成' },
            ]}
          >
            <Input placeholder="请输入用户名称" autoComplete="off" />
          </Form.Item>
          {passwordField()}
        </>
      )}
      <Form.Item label="账号额度" name="accountCount" rules={required('账号额度')}>
        <InputNumber min={0} precision={0} placeholder="请输入账号额度" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="过期时间" name="expireTime" rules={required('过期时间')}>
        <DatePicker
          showTime
          format={DATE_TIME_FORMAT}
          placeholder="请选择过期时间"
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item
        label="绑定域名"
        name="domain"
        rules={[
          { pattern: TENANT_DOMAIN_PATTERN, message: '绑定域名的地址非 URL 格式' },
          { max: 256, message: '绑定域名长度不能超过 256 个字符' },
        ]}
      >
        <Input placeholder="请输入绑定域名" />
      </Form.Item>
      <Form.Item label="租户状态" name="status" rules={required('租户状态')}>
        <DictRadio dictType={DICT_TYPE.COMMON_STATUS} />
      </Form.Item>
    </>
  );
}
