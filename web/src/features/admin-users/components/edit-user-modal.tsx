import { type AdminUser, type AdminUserUpdate, ZAdminUserUpdate } from '@jiema/shared';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodFieldRule } from '../../../lib/form-rules';
import { useUpdateUser } from '../api/update-user';

/** Edits the email and the nickname. */
export function EditUserModal({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AdminUserUpdate>();
  const update = useUpdateUser();

  return (
    <Modal
      open={!!user}
      title={t('users.edit.title', { username: user?.username })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {user && (
        <Form<AdminUserUpdate>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ email: user.email, nickName: user.nickName }}
          onFinish={(values) =>
            update.mutate(
              { id: user.userId, ...values },
              {
                onSuccess: () => {
                  void message.success(t('users.edit.done'));
                  onClose();
                },
              },
            )
          }
        >
          <Form.Item
            name="email"
            label={t('users.fields.email')}
            rules={[zodFieldRule(ZAdminUserUpdate, 'email', t)]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="nickName"
            label={t('users.fields.nickName')}
            rules={[zodFieldRule(ZAdminUserUpdate, 'nickName', t)]}
          >
            <Input maxLength={32} showCount />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
