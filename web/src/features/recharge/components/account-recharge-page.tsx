import { WalletOutlined } from '@ant-design/icons';
import { Alert, Card, Col, Descriptions, Flex, Row, Spin, Statistic } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionStore, useSession } from '../../../lib/session-store';
import { useRechargeInfo } from '../api/get-recharge-info';
import { DepositAddressCard } from './deposit-address-card';
import { OwnDepositsTable } from './own-deposits-table';
import { RechargeOrderCard } from './recharge-order-card';

/**
 * Spec §2 account-recharge: the user's USDT-TRC20 deposit address (sticky, from the pool) or, when the
 * pool has none left, a recharge order; the balance and the deposits update without a reload.
 */
export default function AccountRechargePage() {
  const { t } = useTranslation();
  const info = useRechargeInfo();
  const user = useSession().user;
  const data = info.data;
  const clockOffsetMs = useMemo(() => (data ? new Date(data.now).getTime() - Date.now() : 0), [data]);

  // A credited deposit shows in the header's balance too, not only here.
  useEffect(() => {
    if (data && user && data.balance !== user.balance)
      sessionStore.setUser({ ...user, balance: data.balance });
  }, [data, user]);

  if (!data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return (
    <Flex vertical gap={16} data-testid="account-recharge">
      {data.depositsDelayed && (
        // The watcher cannot read the chain: no promise of "about a minute" while that lasts.
        <Alert
          type="warning"
          showIcon
          message={t('recharge.delayed.title')}
          description={t('recharge.delayed.text')}
          data-testid="recharge-delayed"
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          {data.address ? (
            <DepositAddressCard info={data} address={data.address} />
          ) : (
            <RechargeOrderCard info={data} clockOffsetMs={clockOffsetMs} />
          )}
        </Col>
        <Col xs={24} xl={9}>
          <Card>
            <Statistic
              title={t('recharge.balance')}
              value={data.balance}
              suffix="USDT"
              prefix={<WalletOutlined />}
              valueRender={(node) => <span data-testid="recharge-balance">{node}</span>}
            />
            <Descriptions column={1} size="small" style={{ marginTop: 16, overflowWrap: 'anywhere' }}>
              <Descriptions.Item label={t('recharge.network')}>USDT · TRC20 (TRON)</Descriptions.Item>
              <Descriptions.Item label={t('recharge.minimumLabel')}>{data.minAmount} USDT</Descriptions.Item>
              <Descriptions.Item label={t('recharge.arrival')}>
                <span data-testid="recharge-arrival">
                  {data.depositsDelayed ? t('recharge.delayed.arrival') : t('recharge.arrivalText')}
                </span>
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
      <OwnDepositsTable />
    </Flex>
  );
}
