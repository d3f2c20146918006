import { ShoppingCartOutlined } from '@ant-design/icons';
import {
  fromMicros,
  type OrderDetail,
  orderAmount,
  type StoreAvailability,
  type StoreCountryOffer,
  toMicros,
  ZPurchaseInput,
} from '@jiema/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Divider,
  Empty,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Typography,
} from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { monoStyle, useLocalName } from '../../../components/rental-cells';
import { RENTALS_KEY } from '../../../lib/api/list-rentals';
import { ORDERS_KEY } from '../../../lib/api/orders-keys';
import { refreshUser } from '../../../lib/current-user';
import { zodFieldRule } from '../../../lib/form-rules';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useSession } from '../../../lib/session-store';
import { availabilityKey } from '../api/get-availability';
import { purchase } from '../api/purchase';
import { offerOf, priceOf, type StoreChoice } from './store-choices';

const ANY = 0;

/**
 * Step 3: operator, card type, validity, quantity (and optionally a number prefix and the SMS type),
 * the unit price and the total before buying; then the purchase, after a confirmation.
 */
export function OrderPanel({
  applicationId,
  availability,
  country,
  choice,
  onChoiceChange,
  onBought,
}: {
  applicationId: number;
  availability: StoreAvailability;
  country: StoreCountryOffer | undefined;
  choice: StoreChoice;
  onChoiceChange: (choice: StoreChoice) => void;
  onBought: (order: OrderDetail) => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const name = useLocalName();
  const queryClient = useQueryClient();
  const balance = useSession().user?.balance ?? '0';
  const [form] = Form.useForm<StoreChoice & { operator: number }>();
  // One key per intended purchase: a retried or double-clicked purchase is the same order.
  const idempotencyKey = useRef(newIdempotencyKey());

  const offer = offerOf(country, choice.operatorId);
  const price = priceOf(offer?.prices, choice.cardType, choice.validityOptionId);
  const stock = offer?.stock[choice.cardType] ?? 0;
  const quantity = choice.quantity ?? 0;
  const total =
    price !== null && Number.isInteger(quantity) && quantity > 0 ? orderAmount(price, quantity) : null;
  const short = total !== null && toMicros(balance) < toMicros(total);
  const shortfall = short ? fromMicros(toMicros(total) - toMicros(balance)) : null;
  // The quantity is never changed for the customer: a count the stock or the per-order maximum
  // cannot serve is refused at the field, and the server refuses it too (it never buys fewer).
  const quantityProblem = (value: unknown): string | null => {
    if (value === undefined || value === null || value === '') return null;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) return null; // the shared schema's own message
    if (n > stock) return t('store.quantityAboveStock', { quantity: n, stock });
    if (n > availability.maxQuantity) return t('store.quantityAboveMax', { max: availability.maxQuantity });
    return null;
  };
  const quantityRefused =
    quantityProblem(choice.quantity) !== null || !(Number.isInteger(quantity) && quantity > 0);

  useEffect(() => {
    form.setFieldsValue({ ...choice, operator: choice.operatorId ?? ANY });
  }, [choice, form]);

  const buy = useMutation({
    mutationFn: () =>
      purchase(
        ZPurchaseInput.parse({
          applicationId,
          countryCode: country!.code,
          operatorId: choice.operatorId,
          prefix: choice.prefix,
          cardType: choice.cardType,
          validityOptionId: choice.validityOptionId,
          quantity: choice.quantity,
          smsType: choice.smsType,
        }),
        idempotencyKey.current,
      ),
    onSuccess: (order) => {
      idempotencyKey.current = newIdempotencyKey();
      void refreshUser({ isPolling: true }).catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: availabilityKey(applicationId) });
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: RENTALS_KEY });
      onBought(order);
    },
  });

  if (!country) {
    return <Empty description={t('store.chooseCountry')} data-testid="store-no-country" />;
  }

  const validity = availability.validityOptions.find((v) => v.id === choice.validityOptionId);
  const confirm = async () => {
    await form.validateFields();
    modal.confirm({
      title: t('store.confirmTitle'),
      content: t('store.confirmContent', {
        quantity,
        country: name(country.nameZh, country.nameEn),
        validity: validity ? name(validity.nameZh, validity.nameEn) : '',
        total,
      }),
      okText: t('store.buy'),
      cancelText: t('common.cancel'),
      // A refusal is shown by the HTTP client's message; swallowing it here keeps it from becoming an
      // unhandled rejection in the page (the dialog closes either way).
      onOk: () =>
        buy.mutateAsync().then(
          () => undefined,
          () => undefined,
        ),
    });
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ ...choice, operator: choice.operatorId ?? ANY }}
      onValuesChange={(changed: Partial<StoreChoice & { operator: number }>) => {
        idempotencyKey.current = newIdempotencyKey();
        const { operator, ...rest } = changed;
        onChoiceChange({
          ...choice,
          ...rest,
          ...(operator !== undefined ? { operatorId: operator === ANY ? undefined : operator } : {}),
        });
      }}
      data-testid="store-order-form"
    >
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {country.flag} {name(country.nameZh, country.nameEn)}{' '}
        <Typography.Text type="secondary">{country.dialCode}</Typography.Text>
      </Typography.Title>
      <Form.Item name="operator" label={t('store.operator')}>
        <Select
          options={[
            {
              value: ANY,
              label: t('store.anyOperator', { new: country.stock.new, used: country.stock.used }),
            },
            ...country.operators.map((o) => ({
              value: o.id,
              label: t('store.operatorStock', { name: o.name, new: o.stock.new, used: o.stock.used }),
            })),
          ]}
          data-testid="store-operator"
        />
      </Form.Item>
      <Form.Item name="cardType" label={t('store.cardTypeLabel')} extra={t('store.cardTypeHint')}>
        <Radio.Group optionType="button" buttonStyle="solid" data-testid="store-card-type">
          <Radio.Button value="new">
            {t('store.cardWithStock', { type: t('store.cardType.new'), count: offer?.stock.new ?? 0 })}
          </Radio.Button>
          <Radio.Button value="used">
            {t('store.cardWithStock', { type: t('store.cardType.used'), count: offer?.stock.used ?? 0 })}
          </Radio.Button>
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="validityOptionId"
        label={t('store.validity')}
        rules={[zodFieldRule(ZPurchaseInput, 'validityOptionId', t)]}
      >
        <Radio.Group
          style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
          data-testid="store-validity"
        >
          {availability.validityOptions.map((v) => {
            const p = priceOf(offer?.prices, choice.cardType, v.id);
            return (
              <Radio key={v.id} value={v.id} disabled={p === null}>
                <Space size={8}>
                  <span>{name(v.nameZh, v.nameEn)}</span>
                  <Typography.Text strong style={monoStyle}>
                    {p === null ? t('store.notPriced') : `${p} USDT`}
                  </Typography.Text>
                </Space>
              </Radio>
            );
          })}
        </Radio.Group>
      </Form.Item>
      <Space size={16} wrap align="start">
        <Form.Item
          name="quantity"
          label={t('store.quantity')}
          extra={t('store.quantityHint', { max: availability.maxQuantity })}
          rules={[
            zodFieldRule(ZPurchaseInput, 'quantity', t),
            {
              validator: async (_rule, value) => {
                const problem = quantityProblem(value);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <InputNumber style={{ width: 140 }} data-testid="store-quantity" />
        </Form.Item>
        <Form.Item
          name="prefix"
          label={t('store.prefix')}
          extra={t('store.prefixHint')}
          rules={[zodFieldRule(ZPurchaseInput, 'prefix', t)]}
        >
          <Input
            allowClear
            placeholder={country.dialCode}
            style={{ width: 160 }}
            data-testid="store-prefix"
          />
        </Form.Item>
        <Form.Item name="smsType" label={t('store.smsTypeLabel')}>
          <Radio.Group optionType="button">
            <Radio.Button value="text">{t('orders.smsType.text')}</Radio.Button>
            <Radio.Button value="voice">{t('orders.smsType.voice')}</Radio.Button>
          </Radio.Group>
        </Form.Item>
      </Space>
      <Divider style={{ margin: '8px 0 16px' }} />
      <Descriptions size="small" column={1} colon={false} labelStyle={{ width: 120 }}>
        <Descriptions.Item label={t('store.unitPrice')}>
          <span style={monoStyle} data-testid="store-unit-price">
            {price === null ? t('store.notPriced') : `${price} USDT`}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('store.available')}>
          <span data-testid="store-available">{stock}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('store.total')}>
          <Typography.Text
            strong
            style={{ ...monoStyle, fontSize: 18, color: '#cf1322' }}
            data-testid="store-total"
          >
            {total === null ? '-' : `${total} USDT`}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('common.balance')}>
          <span style={monoStyle}>{balance} USDT</span>
        </Descriptions.Item>
      </Descriptions>
      {short && (
        <Alert
          type="warning"
          showIcon
          style={{ margin: '12px 0' }}
          message={t('store.balanceShort', { needed: total, balance, shortfall })}
          action={
            <Link to="/dashboard/account-recharge">
              <Button size="small">{t('store.recharge')}</Button>
            </Link>
          }
          data-testid="store-balance-short"
        />
      )}
      {stock === 0 && (
        <Alert type="info" showIcon style={{ margin: '12px 0' }} message={t('store.outOfStock')} />
      )}
      <Button
        type="primary"
        size="large"
        block
        icon={<ShoppingCartOutlined />}
        loading={buy.isPending}
        disabled={price === null || stock === 0 || total === null || short || quantityRefused}
        onClick={() => void confirm().catch(() => undefined)}
        style={{ marginTop: 8 }}
        data-testid="store-buy"
      >
        {total === null ? t('store.buy') : t('store.buyFor', { total })}
      </Button>
    </Form>
  );
}
