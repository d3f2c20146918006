import type { PhoneNumber } from '@jiema/shared';
import { Button, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DemoTag } from '../../../components/demo-tag';
import type { TableQuery } from '../../../lib/use-url-table';
import {
  countryLabel,
  formatTime,
  monoStyle,
  PhoneStateTag,
  sortOrderOf,
  useLocalName,
} from './stock-common';

/** The columns of the phone number list; what a click does is the page's. */
export function usePhoneNumberColumns({
  query,
  disabledCountries,
  canEdit,
  onAddRecord,
  onEdit,
  onToggle,
}: {
  query: TableQuery;
  /** Countries switched off: their free numbers are marked as not on sale. */
  disabledCountries: { has(countryCode: string): boolean };
  canEdit: boolean;
  /** Shows the numbers of one batch add. */
  onAddRecord: (addRecordId: number) => void;
  onEdit: (phone: PhoneNumber) => void;
  /** Disables a number, or enables a disabled one. */
  onToggle: (phone: PhoneNumber) => void;
}): TableColumnsType<PhoneNumber> {
  const { t } = useTranslation();
  const name = useLocalName();
  /** A sortable column whose sort state lives in the URL. */
  const sortable = (field: string) => ({ sorter: true, sortOrder: sortOrderOf(query, field) });
  return [
    {
      title: t('stock.fields.number'),
      dataIndex: 'number',
      width: 180,
      ...sortable('number'),
      render: (number: string, phone) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Typography.Text copyable style={{ ...monoStyle, whiteSpace: 'nowrap' }}>
            {number}
          </Typography.Text>{' '}
          {phone.demo && <DemoTag />}
        </span>
      ),
    },
    {
      title: t('stock.fields.country'),
      dataIndex: 'countryCode',
      width: 150,
      ellipsis: true,
      ...sortable('countryCode'),
      render: (_code: string, row) => countryLabel(row, name),
    },
    {
      title: t('stock.fields.operator'),
      dataIndex: 'operatorName',
      width: 130,
      ellipsis: true,
      ...sortable('operatorName'),
      render: (operatorName: string, row) =>
        row.operatorCode === 'any' ? t('stock.anyOperator') : operatorName,
    },
    {
      title: t('stock.fields.prefix'),
      dataIndex: 'prefix',
      width: 100,
      ...sortable('prefix'),
      render: (prefix: string) => <span style={monoStyle}>{prefix}</span>,
    },
    {
      title: t('stock.fields.source'),
      dataIndex: 'source',
      width: 140,
      ellipsis: true,
      ...sortable('source'),
    },
    {
      title: t('stock.fields.state'),
      dataIndex: 'state',
      width: 100,
      ...sortable('state'),
      render: (_, row) => (
        <>
          <PhoneStateTag state={row.state} cooldownUntil={row.cooldownUntil} />
          {row.state === 'available' && disabledCountries.has(row.countryCode) && (
            <Tag color="warning" data-testid="not-on-sale">
              {t('setup.notOnSale')}
            </Tag>
          )}
        </>
      ),
    },
    {
      title: t('stock.fields.usedApps'),
      dataIndex: 'usedApps',
      width: 140,
      ...sortable('usedApps'),
      render: (usedApps: number) =>
        usedApps === 0 ? (
          <Tag color="green">{t('stock.cardUse.new')}</Tag>
        ) : (
          <Tag>{t('stock.usedForApps', { count: usedApps })}</Tag>
        ),
    },
    {
      title: t('stock.fields.addRecord'),
      dataIndex: 'addRecordId',
      width: 100,
      render: (id: number | null) =>
        id ? (
          <Button type="link" size="small" onClick={() => onAddRecord(id)}>
            #{id}
          </Button>
        ) : (
          '-'
        ),
    },
    {
      title: t('stock.fields.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      ...sortable('createdAt'),
      render: formatTime,
    },
    {
      title: t('stock.actions'),
      key: 'actions',
      fixed: 'right',
      width: 120,
      render: (_, row) =>
        canEdit && (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => onEdit(row)}>
              {t('stock.edit')}
            </Button>
            {row.state !== 'in_use' && (
              <Button type="link" size="small" onClick={() => onToggle(row)}>
                {row.state === 'disabled' ? t('stock.enable') : t('stock.disable')}
              </Button>
            )}
          </Space>
        ),
    },
  ];
}
