import type { StoreCountryOffer } from '@jiema/shared';
import { Input, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { DemoTag } from '../../../components/demo-tag';
import { monoStyle, useLocalName } from '../../../components/rental-cells';
import { lowestPrice, priceOf, type StoreChoice } from './store-choices';

/** Step 2: the countries with live stock (new / used) and the price of the current choice. */
export function CountryTable({
  countries,
  loading,
  demo = false,
  value,
  choice,
  onChange,
}: {
  countries: StoreCountryOffer[];
  loading: boolean;
  /** DEMO=on: every row is demo stock at demo prices. */
  demo?: boolean;
  value?: string;
  choice: StoreChoice;
  onChange: (code: string) => void;
}) {
  const { t } = useTranslation();
  const name = useLocalName();
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q) return countries;
    return countries.filter((c) =>
      [c.code, c.nameZh, c.nameEn, c.dialCode].some((field) => field.toLowerCase().includes(q)),
    );
  }, [countries, search]);

  const columns: TableColumnsType<StoreCountryOffer> = [
    {
      title: t('store.columns.country'),
      key: 'country',
      render: (_, c) => (
        <span>
          {c.flag} {name(c.nameZh, c.nameEn)}{' '}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {c.dialCode}
          </Typography.Text>{' '}
          {demo && <DemoTag />}
        </span>
      ),
    },
    {
      title: t('store.columns.stockNew'),
      key: 'new',
      align: 'right',
      width: 90,
      sorter: (a, b) => a.stock.new - b.stock.new,
      render: (_, c) => <StockCount count={c.stock.new} />,
    },
    {
      title: t('store.columns.stockUsed'),
      key: 'used',
      align: 'right',
      width: 90,
      sorter: (a, b) => a.stock.used - b.stock.used,
      render: (_, c) => <StockCount count={c.stock.used} />,
    },
    {
      title: t('store.columns.price'),
      key: 'price',
      align: 'right',
      width: 120,
      render: (_, c) => {
        const price = priceOf(c.prices, choice.cardType, choice.validityOptionId);
        if (price !== null) return <span style={monoStyle}>{price}</span>;
        const from = lowestPrice(c);
        return from ? (
          <Typography.Text type="secondary" style={monoStyle}>
            {t('store.priceFrom', { price: from })}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('store.notPriced')}</Typography.Text>
        );
      },
    },
  ];

  return (
    <>
      <Input.Search
        allowClear
        placeholder={t('store.searchCountry')}
        onChange={(e) => setSearch(e.target.value)}
        style={{ marginBottom: 12 }}
        data-testid="store-country-search"
      />
      <DataTable<StoreCountryOffer>
        rowKey="code"
        size="small"
        columns={columns}
        dataSource={shown}
        loading={loading}
        pagination={{ pageSize: 12, showSizeChanger: false, hideOnSinglePage: true }}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: value ? [value] : [],
          onChange: (keys) => keys[0] && onChange(String(keys[0])),
        }}
        onRow={(c) => ({ onClick: () => onChange(c.code), style: { cursor: 'pointer' } })}
        locale={{ emptyText: t('store.noCountries') }}
        data-testid="store-countries"
      />
    </>
  );
}

function StockCount({ count }: { count: number }) {
  return count > 0 ? <Tag color="green">{count}</Tag> : <Typography.Text type="secondary">0</Typography.Text>;
}
