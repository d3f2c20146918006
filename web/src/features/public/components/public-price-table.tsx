import type { PublicPrice, StockLevel } from '@jiema/shared';
import { Alert, Input, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { usePublicPrices } from '../api/get-public-prices';

const LEVEL_COLOR: Record<StockLevel, string> = {
  none: 'default',
  low: 'orange',
  medium: 'blue',
  high: 'green',
};

/**
 * What is on sale, for visitors: application, country, the lowest price and the stock as a band
 * (exact counts are not published). Searched by application or country in the browser.
 */
export function PublicPriceTable() {
  const { t, i18n } = useTranslation();
  const english = i18n.language === 'en-US';
  const prices = usePublicPrices();
  const [keyword, setKeyword] = useState('');

  const rows = useMemo(() => {
    const needle = keyword.trim().toLowerCase();
    const all = prices.data?.items ?? [];
    if (!needle) return all;
    return all.filter((p) =>
      [
        p.applicationNameZh,
        p.applicationNameEn,
        p.applicationCode,
        p.countryNameZh,
        p.countryNameEn,
        p.countryCode,
        p.dialCode,
      ].some((text) => text.toLowerCase().includes(needle)),
    );
  }, [prices.data, keyword]);

  const columns: TableColumnsType<PublicPrice> = [
    {
      title: t('public-prices.application'),
      key: 'application',
      fixed: 'left',
      width: 140,
      render: (_, p) => (english ? p.applicationNameEn : p.applicationNameZh),
    },
    {
      title: t('public-prices.country'),
      key: 'country',
      render: (_, p) => `${p.flag} ${english ? p.countryNameEn : p.countryNameZh} (${p.dialCode})`,
    },
    {
      title: t('public-prices.lowest'),
      dataIndex: 'lowestPrice',
      align: 'right',
      sorter: (a, b) => Number(a.lowestPrice) - Number(b.lowestPrice),
      // The price and the card type it buys: a used-number price is no offer when only new ones are left.
      render: (price: string, p) => (
        <span data-testid="public-price">
          {t('public-prices.from', { price: Number(price).toString() })}{' '}
          <Tag style={{ marginInlineEnd: 0 }}>{t(`public-prices.cardType.${p.cardType}`)}</Tag>
        </span>
      ),
    },
    {
      title: t('public-prices.stock'),
      dataIndex: 'stockLevel',
      render: (level: StockLevel) => (
        <Tag color={LEVEL_COLOR[level]}>{t(`public-prices.level.${level}`)}</Tag>
      ),
    },
  ];

  return (
    <section data-testid="public-prices" style={{ marginTop: 56 }}>
      <Typography.Title level={3}>{t('public-prices.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('public-prices.intro')}</Typography.Paragraph>
      <Input.Search
        allowClear
        placeholder={t('public-prices.search')}
        onChange={(event) => setKeyword(event.target.value)}
        style={{ maxWidth: 360, marginBottom: 16 }}
        data-testid="public-prices-search"
      />
      {prices.isError ? (
        <Alert type="warning" showIcon message={t('public-prices.failed')} />
      ) : (
        <DataTable
          rowKey={(p) => `${p.applicationId}:${p.countryCode}`}
          columns={columns}
          dataSource={rows}
          loading={prices.isLoading}
          size="middle"
          scroll={{ x: 560 }}
          pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
          locale={{ emptyText: t('public-prices.empty') }}
        />
      )}
    </section>
  );
}
