import { CopyOutlined } from '@ant-design/icons';
import type { OrderDetail } from '@jiema/shared';
import { Button, List, Modal, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CopyButton, codeLink, monoStyle, useCopy } from '../../../components/rental-cells';

/** What was bought: the numbers with their code links, copy all, and the way to the codes. */
export function PurchaseResult({ order, onClose }: { order: OrderDetail | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const copy = useCopy();
  return (
    <Modal open={order !== null} onCancel={onClose} footer={null} width={640} data-testid="store-result">
      {order && (
        <Result
          status="success"
          title={t('store.bought', { count: order.quantity })}
          subTitle={t('store.boughtDetail', { orderNo: order.orderNo, amount: order.amount })}
          extra={[
            <Button key="manage" type="primary" onClick={() => navigate('/dashboard/api-manage')}>
              {t('store.toApiManage')}
            </Button>,
            <Button key="orders" onClick={() => navigate('/dashboard/order-manage')}>
              {t('store.toOrders')}
            </Button>,
          ]}
        >
          <Space style={{ marginBottom: 8 }}>
            <Button
              icon={<CopyOutlined />}
              onClick={() => void copy(order.phoneList.join('\n'))}
              data-testid="store-copy-all"
            >
              {t('orders.detail.copyAll')}
            </Button>
            <CopyButton text={codeLink(order.token)} link>
              {t('store.copyOrderLink')}
            </CopyButton>
          </Space>
          <List
            size="small"
            bordered
            dataSource={order.phones}
            style={{ maxHeight: 260, overflow: 'auto', background: '#fff' }}
            renderItem={(phone) => (
              <List.Item actions={[<CopyButton key="link" text={codeLink(phone.token)} link />]}>
                <Space>
                  <Typography.Text strong style={monoStyle}>
                    {phone.phoneNumber}
                  </Typography.Text>
                  <CopyButton text={phone.phoneNumber} />
                </Space>
              </List.Item>
            )}
          />
        </Result>
      )}
    </Modal>
  );
}
