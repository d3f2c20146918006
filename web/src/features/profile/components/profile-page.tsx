import { type ProfileUpdateInput, USER_TYPE, ZProfileUpdateInput } from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Col, Descriptions, Form, Input, Row, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { refreshUser } from '../../../lib/current-user';
import { zodFieldRule } from '../../../lib/form-rules';
import { sessionStore, useSession } from '../../../lib/session-store';
import { updateProfile } from '../api/update-profile';
import { ApiKeyCard } from './api-key-card';
import { AvatarUpload } from './avatar-upload';
import { CompatWebhookCard } from './compat-webhook-card';
import { VerifyEmailButton } from './verify-email-button';

const TYPE_COLORS: Record<number, string> = {
  [USER_TYPE.ADMIN]: 'red',
  [USER_TYPE.CUSTOMER]: 'blue',
  [USER_TYPE.AGENT]: 'purple',
};

export default function ProfilePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useSession().user!;
  const [form] = Form.useForm<ProfileUpdateInput>();

  const reload = () => void refreshUser().catch(() => message.error(t('profile.refreshFailed')));
  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: (updated) => {
      sessionStore.setUser(updated);
      void message.success(t('profile.saved'));
    },
  });
  const time = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '-');

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <Card title={t('profile.title')}>
          <Row gutter={24} align="top">
            <Col flex="140px" style={{ textAlign: 'center' }}>
              <AvatarUpload iconPath={user.iconPath} onUploaded={reload} />
            </Col>
            <Col flex="auto">
              <Descriptions column={1} size="small" data-testid="profile-details">
                <Descriptions.Item label={t('profile.fields.username')}>{user.username}</Descriptions.Item>
                <Descriptions.Item label={t('profile.fields.userType')}>
                  <Tag color={TYPE_COLORS[user.userType]}>{t(`common.userType.${user.userType}`)}</Tag>
                </Descriptions.Item>
                <Descriptions.Item label={t('profile.fields.email')}>
                  {user.email}{' '}
                  <Tag color={user.emailVerified ? 'green' : 'default'}>
                    {user.emailVerified ? t('profile.emailVerified') : t('profile.emailUnverified')}
                  </Tag>
                  {!user.emailVerified && <VerifyEmailButton />}
                </Descriptions.Item>
                <Descriptions.Item label={t('common.balance')}>{user.balance} USDT</Descriptions.Item>
                <Descriptions.Item label={t('profile.fields.points')}>{user.points}</Descriptions.Item>
                <Descriptions.Item label={t('profile.fields.roles')}>
                  {user.roles.map((r) => (
                    <Tag key={r.name}>{t(`common.role.${r.name}`, { defaultValue: r.name })}</Tag>
                  ))}
                </Descriptions.Item>
                <Descriptions.Item label={t('profile.fields.lastLogin')}>
                  {time(user.lastLoginTime)} {user.lastLoginIp ? `(${user.lastLoginIp})` : ''}
                </Descriptions.Item>
                <Descriptions.Item label={t('profile.fields.createTime')}>
                  {time(user.createTime)}
                </Descriptions.Item>
              </Descriptions>
            </Col>
          </Row>
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card title={t('profile.editTitle')}>
          <Form
            form={form}
            layout="vertical"
            initialValues={{ nickName: user.nickName, email: user.email }}
            onFinish={(values) => save.mutate(values)}
            data-testid="profile-form"
          >
            <Form.Item
              name="nickName"
              label={t('profile.fields.nickName')}
              rules={[zodFieldRule(ZProfileUpdateInput, 'nickName', t)]}
            >
              <Input maxLength={32} showCount />
            </Form.Item>
            <Form.Item
              name="email"
              label={t('profile.fields.email')}
              rules={[zodFieldRule(ZProfileUpdateInput, 'email', t)]}
            >
              <Input />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Form>
        </Card>
      </Col>
      <Col span={24}>
        <ApiKeyCard apiKey={user.apiKey} onChanged={reload} />
      </Col>
      <Col span={24}>
        <CompatWebhookCard />
      </Col>
    </Row>
  );
}
