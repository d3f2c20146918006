import { type AdminUser, USER_TYPES, type UserType } from '@jiema/shared';
import { Alert, App, Modal, Radio, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetUserType } from '../api/set-user-type';

/** Sets the user type (spec §6: 1 administrator, 2 customer, 3 agent); the role follows. */
export function UserTypeModal({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [userType, setType] = useState<UserType | undefined>(user?.userType);
  const change = useSetUserType();
  useEffect(() => setType(user?.userType), [user]);

  return (
    <Modal
      open={!!user}
      title={t('users.type.title', { username: user?.username })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !user || userType === user.userType }}
      confirmLoading={change.isPending}
      onCancel={onClose}
      onOk={() =>
        user &&
        userType &&
        change.mutate(
          { id: user.userId, userType },
          {
            onSuccess: () => {
              void message.success(t('users.type.done'));
              onClose();
            },
          },
        )
      }
      destroyOnHidden
      data-testid="user-type-modal"
    >
      <Radio.Group value={userType} onChange={(e) => setType(e.target.value)} style={{ width: '100%' }}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          {USER_TYPES.map((type) => (
            <Radio key={type} value={type} data-testid={`user-type-${type}`}>
              <Typography.Text strong>{t(`common.userType.${type}`)}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{t(`users.type.describe.${type}`)}</Typography.Text>
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      {userType === 1 && user?.userType !== 1 && (
        <Alert type="warning" showIcon style={{ marginTop: 16 }} title={t('users.type.adminWarning')} />
      )}
    </Modal>
  );
}
