import type { TransferItem } from '@jiema/shared';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { monoStyle, useLocalName } from '../../rentals/components/rental-cells';

/** The numbers of one transfer (a record's expanded row). */
export function TransferItems({ items }: { items: TransferItem[] }) {
  const { t } = useTranslation();
  const name = useLocalName();
  return (
    <Table<TransferItem>
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
