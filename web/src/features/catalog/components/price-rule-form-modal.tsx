import { CARD_TYPES, type CatalogOptions, type PriceRule, ZPriceRuleCreate } from '@jiema/shared';
import { Col, Form, Input, Modal, Row, Select, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DisabledCountryAlert } from '../../../components/disabled-country-alert';
import { zodFieldRule } from '../../../lib/form-rules';
import { createPriceRule } from '../api/create-price-rule';
import { updatePriceRule } from '../api/update-price-rule';
import { useCatalogMutation } from './catalog-common';
import { ScopeSelect, useScopeChoices } from './scope-selects';

type FormValues = {
  applicationId?: string;
  countryCode?: string;
  operatorId?: string;
  cardType: 'new' | 'used';
  validityOptionId?: string;
  price: string;
  enabled: boolean;
};

const idOrNull = (value: string | undefined) => (value ? Number(value) : null);

/** Add or edit a price rule; an empty application, country or operator means "any". */
export function PriceRuleFormModal({
  open,
  rule,
  options,
  onClose,
}: {
  open: boolean;
  rule: PriceRule | null;
  options: CatalogOptions | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const countryCode = Form.useWatch('countryCode', form);
  const choices = useScopeChoices(options, countryCode, false);
  const firstValidity = choices.validityOptions[0]?.value;
  const check = (field: string) => [zodFieldRule(ZPriceRuleCreate, field, t)];

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      rule
        ? {
            applicationId: rule.applicationId ? String(rule.applicationId) : undefined,
            countryCode: rule.countryCode ?? undefined,
            operatorId: rule.operatorId ? String(rule.operatorId) : undefined,
            cardType: rule.cardType,
            validityOptionId: String(rule.validityOptionId),
            price: rule.price,
            enabled: rule.enabled,
          }
        : { cardType: 'new', validityOptionId: firstValidity, price: '', enabled: true },
    );
  }, [open, rule, form, firstValidity]);

  const save = useCatalogMutation(
    (values: FormValues) => {
      const input = {
        applicationId: idOrNull(values.applicationId),
        countryCode: values.countryCode ?? null,
        operatorId: values.countryCode ? idOrNull(values.operatorId) : null,
        cardType: values.cardType,
        validityOptionId: Number(values.validityOptionId),
        price: values.price,
        enabled: values.enabled,
      };
      return rule ? updatePriceRule({ id: rule.id, ...input }) : createPriceRule(input);
    },
    t('catalog.saved'),
    onClose,
  );

  return (
    <Modal
      open={open}
      title={rule ? t('catalog.price.editTitle') : t('catalog.price.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okText={t('common.save')}
      width={620}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('catalog.price.precedence')}</Typography.Paragraph>
      <DisabledCountryAlert
        country={options?.countries.find((c) => c.code === countryCode)}
        place="priceRule"
      />
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => save.mutate(values)}
        onValuesChange={(changed) => {
          if ('countryCode' in changed) form.setFieldValue('operatorId', undefined);
        }}
        data-testid="price-rule-form"
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="applicationId" label={t('catalog.price.application')}>
              <ScopeSelect options={choices.applications} placeholder={t('catalog.price.any')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="countryCode" label={t('catalog.country.label')}>
              <ScopeSelect options={choices.countries} placeholder={t('catalog.price.any')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="operatorId"
              label={t('catalog.operator.label')}
              extra={t('catalog.price.operatorHint')}
            >
              <ScopeSelect
                options={choices.operators}
                placeholder={t('catalog.price.any')}
                disabled={!countryCode}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="cardType" label={t('catalog.price.cardType')} rules={check('cardType')}>
              <Select
                options={CARD_TYPES.map((c) => ({ value: c, label: t(`catalog.price.cardTypes.${c}`) }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="validityOptionId"
              label={t('catalog.price.validity')}
              rules={[{ required: true, message: t('validation.idFormat') }]}
            >
              <ScopeSelect options={choices.validityOptions} allowClear={false} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="price" label={t('catalog.price.price')} rules={check('price')}>
              <Input suffix="USDT" inputMode="decimal" data-testid="price-rule-price" />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="enabled" label={t('catalog.status')} valuePropName="checked">
              <Switch checkedChildren={t('catalog.on')} unCheckedChildren={t('catalog.off')} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
