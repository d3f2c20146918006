import type { TransferItem } from '@jiema/shared';

import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { monoStyle, useLocalName } from '../../../components/rental-cells';

/** The numbers of one transfer (a record's expanded row). */
export function TransferItems({ items }: { items: TransferItem[] }) {
  const { t } = useTranslation();
  const name = useLocalName();
  return (
    <DataTable<TransferItem>
      rowKey="rentalId"
      size="small"
      pagination={false}
      dataSource={items}
      columns={[
        {
          title: t('transfers.columns.phoneNumber'),
          dataIndex: 'phoneNumber',
          render: (value: string) => <span style={monoStyle}>{value}</span>,
        },
        {
          title: t('transfers.columns.application'),
          key: 'application',
          render: (_, i) => `${name(i.applicationNameZh, i.applicationNameEn)} (${i.applicationCode})`,
        },
      ]}
      data-testid="transfer-items"
    />
  );
}
