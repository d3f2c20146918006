import { SwapOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RentalPicker } from '../../../components/rental-picker';
import { RENTALS_KEY } from '../../../lib/api/list-rentals';
import { TRANSFERS_KEY } from '../api/keys';
import { listTransferChoices } from '../api/list-transfer-choices';
import { TransferModal } from './transfer-modal';
import { TransferRecords } from './transfer-records';
import { UntransferableNote } from './untransferable-note';

/** Spec §2 api-trade (API transfer): pick my open numbers, give them to a user, see the records. */
export default function ApiTradePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<number[]>([]);
  const [open, setOpen] = useState(false);

  const done = () => {
    void message.success(t('transfers.done', { count: selected.length }));
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: TRANSFERS_KEY });
    void queryClient.invalidateQueries({ queryKey: RENTALS_KEY });
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={t('transfers.title')}
        extra={
          <Button
            type="primary"
            icon={<SwapOutlined />}
            disabled={selected.length === 0}
            onClick={() => setOpen(true)}
            data-testid="transfer-open"
          >
            {t('transfers.transfer', { count: selected.length })}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t('transfers.hint')}</Typography.Paragraph>
        <UntransferableNote />
        <RentalPicker
          queryKey={TRANSFERS_KEY}
          fetchChoices={listTransferChoices}
          selected={selected}
          onChange={setSelected}
          testId="transfer-rentals"
        />
      </Card>
      <TransferRecords />
      <TransferModal open={open} rentalIds={selected} onClose={() => setOpen(false)} onDone={done} />
    </Space>
  );
}
