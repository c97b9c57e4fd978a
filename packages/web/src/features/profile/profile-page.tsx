import {
  ApartmentOutlined,
  CalendarOutlined,
  CameraOutlined,
  IdcardOutlined,
  MailOutlined,
  MobileOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { userProfileGet, userProfileUpdate, userProfileUpdatePassword } from '@app/contract';
import type { UserProfile, UserProfileUpdateReq } from '@app/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Card, Col, Form, Input, Radio, Row, Skeleton, Space, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { ReactNode } from 'react';
import defaultAvatar from '../../assets/default-avatar.svg';
import { useTabs } from '../../layout/tags-view';
import { request } from '../../shared/request';
import { useSessionStore } from '../../shared/session';
import { ProfileSocialAccounts } from './profile-social-accounts';
import { AvatarCropper } from './avatar-cropper';
import './profile-page.css';
import { emailField, mobileField, required, requiredText } from '../../shared/crud';

export const PROFILE_QUERY_KEY = ['user-profile'] as const;

/** Updates the navbar's avatar and nickname without reloading the session. */
const patchSessionUser = (patch: { nickname?: string; avatar?: string }) =>
  useSessionStore.setState((state) => (state.user ? { user: { ...state.user, ...patch } } : {}));

function InfoItem({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="profile-info-item">
      <span className="profile-info-label">
        {icon}
        {label}
      </span>
      <span className="profile-info-value">{children || '—'}</span>
    </li>
  );
}

type BasicValues = { nickname: string; mobile: string; email: string; sex: 1 | 2 | null };

/** The buttons under each form of the page: 保存 submits it, 关闭 closes the tab. */
function SaveAndClose({ saving, onClose }: { saving: boolean; onClose: () => void }) {
  return (
    <Form.Item label=" " colon={false}>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          保存
        </Button>
        <Button danger onClick={onClose}>
          关闭
        </Button>
      </Space>
    </Form.Item>
  );
}

function BasicInfoForm({ profile, onClose }: { profile: UserProfile; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: BasicValues) => {
    setSaving(true);
    try {
      const body: UserProfileUpdateReq = {
        nickname: values.nickname,
        mobile: values.mobile,
        email: values.email,
        sex: values.sex,
      };
      await request(userProfileUpdate, { body });
      void message.success('修改成功');
      patchSessionUser({ nickname: values.nickname.trim() });
      await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<BasicValues>
      layout="horizontal"
      labelCol={{ flex: '90px' }}
      className="profile-form"
      initialValues={{
        nickname: profile.nickname,
        mobile: profile.mobile ?? '',
        email: profile.email ?? '',
        sex: profile.sex === 2 ? 2 : profile.sex === 1 ? 1 : null,
      }}
      onFinish={(values) => void onFinish(values)}
    >
      <Form.Item label="用户昵称" name="nickname" rules={requiredText('用户昵称', 30)}>
        <Input maxLength={30} placeholder="请输入用户昵称" />
      </Form.Item>
      {mobileField('手机号码', 'mobile', { required: '手机号码不能为空' })}
      {emailField({ required: '邮箱地址不能为空' })}
      <Form.Item label="性别" name="sex">
        <Radio.Group>
          <Radio value={1}>男</Radio>
          <Radio value={2}>女</Radio>
        </Radio.Group>
      </Form.Item>
      <SaveAndClose saving={saving} onClose={onClose} />
    </Form>
  );
}

type PasswordValues = { oldPassword: string; newPassword: string; confirmPassword: string };

function PasswordForm({ onClose }: { onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: PasswordValues) => {
    setSaving(true);
    try {
      await request(userProfileUpdatePassword, {
        body: { oldPassword: values.oldPassword, newPassword: values.newPassword },
      });
      void message.success('修改成功');
      form.resetFields();
    } catch {
      // The request layer has shown the server's message (用户密码校验失败).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<PasswordValues>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '90px' }}
      className="profile-form"
      onFinish={(values) => void onFinish(values)}
    >
      <Form.Item label="旧密码" name="oldPassword" rules={required('旧密码')}>
        <Input.Password placeholder="请输入旧密码" autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        label="新密码"
        name="newPassword"
        rules={[
          { required: true, message: '新密码不能为空' },
          { min: 4, max: 16, message: '长度在 4 到 16 个字符' },
        ]}
      >
        <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="确认密码"
        name="confirmPassword"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: '确认密码不能为空' },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || getFieldValue('newPassword') === value
                ? Promise.resolve()
                : Promise.reject(new Error('两次输入的密码不一致')),
          }),
        ]}
      >
        <Input.Password placeholder="请确认新密码" autoComplete="new-password" />
      </Form.Item>
      <SaveAndClose saving={saving} onClose={onClose} />
    </Form>
  );
}

/**
 * 个人中心 (/user/profile): the user's card with the avatar (click to crop and upload a new one),
 * account, contact, department, roles, posts and creation date; tabs to edit the basic information
 * and to change the password.
 */
export function ProfilePage() {
  const queryClient = useQueryClient();
  const tabs = useTabs();
  const [cropping, setCropping] = useState(0);
  const profile = useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: () => request(userProfileGet),
    staleTime: 0,
  });
  const data = profile.data;
  const close = () => tabs.close();

  const onAvatarUploaded = (url: string) => {
    setCropping(0);
    patchSessionUser({ avatar: url });
    queryClient.setQueryData<UserProfile>(PROFILE_QUERY_KEY, (old) => (old ? { ...old, avatar: url } : old));
  };

  return (
    <Row gutter={[16, 16]} className="profile-page">
      <Col xs={24} md={9} lg={7}>
        <Card title="个人信息" className="profile-card">
          {!data ? (
            <Skeleton active avatar paragraph={{ rows: 6 }} />
          ) : (
            <>
              <div className="profile-avatar">
                <button
                  type="button"
                  className="profile-avatar-button"
                  aria-label="修改头像"
                  title="点击上传头像"
                  onClick={() => setCropping((n) => n + 1)}
                >
                  <Avatar size={120} src={data.avatar || defaultAvatar} alt="头像" />
                  <span className="profile-avatar-mask" aria-hidden>
                    <CameraOutlined />
                  </span>
                </button>
              </div>
              <ul className="profile-info">
                <InfoItem icon={<UserOutlined />} label="用户名称">
                  {data.username}
                </InfoItem>
                <InfoItem icon={<IdcardOutlined />} label="用户昵称">
                  {data.nickname}
                </InfoItem>
                <InfoItem icon={<MobileOutlined />} label="手机号码">
                  {data.mobile}
                </InfoItem>
                <InfoItem icon={<MailOutlined />} label="用户邮箱">
                  {data.email}
                </InfoItem>
                <InfoItem icon={<ApartmentOutlined />} label="所属部门">
                  {data.dept?.name}
                </InfoItem>
                <InfoItem icon={<TeamOutlined />} label="所属角色">
                  {data.roles.map((r) => r.name).join('，')}
                </InfoItem>
                <InfoItem icon={<SolutionOutlined />} label="所属岗位">
                  {data.posts.map((p) => p.name).join('，')}
                </InfoItem>
                <InfoItem icon={<CalendarOutlined />} label="创建日期">
                  {dayjs(data.createTime).format('YYYY-MM-DD HH:mm:ss')}
                </InfoItem>
              </ul>
            </>
          )}
        </Card>
      </Col>
      <Col xs={24} md={15} lg={17}>
        <Card title="基本资料" className="profile-card">
          {!data ? (
            <Skeleton active paragraph={{ rows: 5 }} />
          ) : (
            <Tabs
              items={[
                {
                  key: 'basic',
                  label: '基本资料',
                  children: <BasicInfoForm key={data.id} profile={data} onClose={close} />,
                },
                { key: 'password', label: '修改密码', children: <PasswordForm onClose={close} /> },
                {
                  key: 'social',
                  label: '社交信息',
                  children: (
                    <ProfileSocialAccounts
                      profile={data}
                      onChange={() => void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY })}
                    />
                  ),
                },
              ]}
            />
          )}
        </Card>
      </Col>
      {data && (
        <AvatarCropper
          key={cropping}
          open={cropping > 0}
          avatar={data.avatar}
          onClose={() => setCropping(0)}
          onUploaded={onAvatarUploaded}
        />
      )}
    </Row>
  );
}

export default ProfilePage;
