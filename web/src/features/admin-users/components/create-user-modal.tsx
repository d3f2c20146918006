import { type AdminUserCreate, PASSWORD_MIN_LENGTH, USER_TYPES, ZAdminUserCreate } from '@jiema/shared';
import { App, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodFieldRule } from '../../../lib/form-rules';
import { useCreateUser } from '../api/create-user';

/** Creates an account of any type; the administrator hands the password over. */
export function CreateUserModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AdminUserCreate>();
  const create = useCreateUser();
  const rule = (field: keyof AdminUserCreate) => zodFieldRule(ZAdminUserCreate, field, t);

  return (
    <Modal
      open={open}
      title={t('users.create.title')}
      okText={t('users.create.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="create-user-modal"
    >
      <Form<AdminUserCreate>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ userType: 2 }}
        onFinish={(values) =>
          create.mutate(values, {
            onSuccess: (user) => {
              void message.success(t('users.create.done', { username: user.username }));
              onClose();
            },
          })
        }
        data-testid="create-user-form"
      >
        <Form.Item name="username" label={t('users.fields.username')} rules={[rule('username')]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="email" label={t('users.fields.email')} rules={[rule('email')]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('users.fields.password')}
          extra={t('users.create.passwordRule', { min: PASSWORD_MIN_LENGTH })}
          rules={[rule('password')]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="userType" label={t('users.fields.userType')} rules={[rule('userType')]}>
          <Select
            options={USER_TYPES.map((type) => ({ value: type, label: t(`common.userType.${type}`) }))}
          />
        </Form.Item>
        <Form.Item name="nickName" label={t('users.fields.nickName')} rules={[rule('nickName')]}>
          <Input maxLength={32} showCount placeholder={t('users.create.nickNamePlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
