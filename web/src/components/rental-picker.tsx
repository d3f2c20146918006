import { type RentalChoice, TRANSFER_MAX_RENTALS } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flex, Input, type TableColumnsType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../lib/date-range';
import { DataTable } from './data-table';
import { monoStyle, RentalStatusTag, useLocalName } from './rental-cells';

/**
 * Chooses some of the caller's rentals (a transfer, a group link): searched on the server by number
 * or application; the selection survives searches (antd keeps the chosen keys across data sets).
 */
export function RentalPicker({
  queryKey,
  fetchChoices,
  selected,
  onChange,
  extra = [],
  testId,
}: {
  queryKey: readonly unknown[];
  fetchChoices: (keyword?: string) => Promise<RentalChoice[]>;
  selected: number[];
  onChange: (ids: number[]) => void;
  /** Rows to offer even when the search does not return them (a group's current members). */
  extra?: RentalChoice[];
  testId: string;
}) {
  const { t } = useTranslation();
  const name = useLocalName();
  const [keyword, setKeyword] = useState('');
  const choices = useQuery({
    queryKey: [...queryKey, 'choices', keyword],
    queryFn: () => fetchChoices(keyword || undefined),
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => {
    const list = choices.data ?? [];
    const seen = new Set(list.map((r) => r.id));
    return [...(keyword ? [] : extra.filter((r) => !seen.has(r.id))), ...list];
  }, [choices.data, extra, keyword]);

  const columns: TableColumnsType<RentalChoice> = [
    {
      title: t('transfers.columns.phoneNumber'),
      dataIndex: 'phoneNumber',
      render: (value: string) => <span style={monoStyle}>{value}</span>,
    },
    {
      title: t('transfers.columns.application'),
      key: 'application',
      render: (_, r) =>
        `${name(r.applicationNameZh, r.applicationNameEn)} · ${r.countryFlag} ${r.countryCode}`,
    },
    {
      title: t('transfers.columns.status'),
      dataIndex: 'status',
      render: (s) => <RentalStatusTag status={s} />,
    },
    { title: t('transfers.columns.expiresAt'), dataIndex: 'expiresAt', render: formatTime },
  ];

  return (
    <div>
      <Flex gap={12} align="center" wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('transfers.picker.search')}
          onSearch={(value) => setKeyword(value.trim())}
          style={{ width: 260 }}
          data-testid={`${testId}-search`}
        />
        <Typography.Text type={selected.length > TRANSFER_MAX_RENTALS ? 'danger' : 'secondary'}>
          {t('transfers.picker.selected', { count: selected.length, max: TRANSFER_MAX_RENTALS })}
        </Typography.Text>
      </Flex>
      <DataTable<RentalChoice>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={choices.isLoading}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => onChange(keys.map(Number)),
        }}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        locale={{ emptyText: t('transfers.picker.empty') }}
        data-testid={testId}
      />
    </div>
  );
}
