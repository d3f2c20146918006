import { Button, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The edit and delete links of an admin table row; delete asks for a confirmation first. A link
 * whose handler is left out is not shown (the caller leaves it out when the user lacks the permission).
 */
export function RowActions({
  onEdit,
  editLabel,
  editTestId,
  onDelete,
  deleteLabel,
  deleteTestId,
  confirmTitle,
  confirmDescription,
}: {
  onEdit?: () => void;
  editLabel: string;
  editTestId?: string;
  onDelete?: () => Promise<unknown>;
  deleteLabel: string;
  deleteTestId?: string;
  confirmTitle: ReactNode;
  confirmDescription?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Space size={0}>
      {onEdit && (
        <Button type="link" size="small" onClick={onEdit} data-testid={editTestId}>
          {editLabel}
        </Button>
      )}
      {onDelete && (
        <Popconfirm
          title={confirmTitle}
          description={confirmDescription}
          okButtonProps={{ danger: true }}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          onConfirm={onDelete}
        >
          <Button type="link" size="small" danger data-testid={deleteTestId}>
            {deleteLabel}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
