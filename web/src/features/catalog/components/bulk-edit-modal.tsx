import {
  BULK_MODES,
  type BulkMode,
  CARD_TYPES,
  type CatalogOptions,
  type PriceRuleFilter,
  ZPriceBulkEdit,
} from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Col, Form, Input, Modal, Radio, Row, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { translateIssueMessage } from '../../../lib/form-rules';
import { bulkEditPrices } from '../api/bulk-edit-prices';
import { catalogKey } from '../api/keys';
import { listPriceRules } from '../api/list-price-rules';
import { useCatalogMutation, useEnabledOptions } from './catalog-common';
import { ScopeSelect, useScopeChoices } from './scope-selects';

type Scope = {
  applicationId?: string;
  countryCode?: string;
  operatorId?: string;
  cardType?: string;
  validityOptionId?: string;
  enabled?: string;
};
type FormValues = Scope & { mode: BulkMode; value: string };

/** The filter the server applies: absent fields do not filter, `any` selects the default rules. */
function toFilter(scope: Scope): Record<string, string> {
  return Object.fromEntries(
    Object.entries(scope).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as Record<string, string>;
}

/**
 * "All Telegram +10%" or "used cards in country X = 0.5": a percentage or a fixed price for every
 * rule the filter matches, confirmed with the number of rules it will change.
 */
export function BulkEditModal({
  open,
  initialScope,
  options,
  onClose,
}: {
  open: boolean;
  initialScope: Scope;
  options: CatalogOptions | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const scope = Form.useWatch([], form) as FormValues | undefined;
  const choices = useScopeChoices(options, scope?.countryCode, true);
  const enabledOptions = useEnabledOptions();
  const filter = toFilter({
    applicationId: scope?.applicationId,
    countryCode: scope?.countryCode,
    operatorId: scope?.operatorId,
    cardType: scope?.cardType,
    validityOptionId: scope?.validityOptionId,
    enabled: scope?.enabled,
  });
  const matching = useQuery({
    queryKey: catalogKey('price-rules', 'count', filter),
    queryFn: () => listPriceRules({ ...filter, pageSize: 1 }),
    enabled: open,
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ ...initialScope, mode: 'percent', value: '' });
  }, [open, initialScope, form]);

  const apply = useCatalogMutation(
    (values: FormValues) =>
      bulkEditPrices({
        filter: toFilter(values) as unknown as PriceRuleFilter,
        mode: values.mode,
        value: values.value.trim(),
      }),
    (r) => t('catalog.bulk.done', { count: r.updated }),
    onClose,
  );

  const submit = (values: FormValues) => {
    const count = matching.data?.total ?? 0;
    modal.confirm({
      title: t('catalog.bulk.confirmTitle', { count }),
      content:
        values.mode === 'percent'
          ? t('catalog.bulk.confirmPercent', { value: values.value })
          : t('catalog.bulk.confirmSet', { value: values.value }),
      okButtonProps: { danger: true },
      onOk: () => apply.mutateAsync(values),
    });
  };

  return (
    <Modal
      open={open}
      title={t('catalog.bulk.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('catalog.bulk.apply')}
      confirmLoading={apply.isPending}
      width={640}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        onValuesChange={(changed) => {
          if ('countryCode' in changed) form.setFieldValue('operatorId', undefined);
        }}
        data-testid="bulk-edit-form"
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="applicationId" label={t('catalog.price.application')}>
              <ScopeSelect options={choices.applications} placeholder={t('catalog.price.all')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="countryCode" label={t('catalog.country.label')}>
              <ScopeSelect options={choices.countries} placeholder={t('catalog.price.all')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="operatorId" label={t('catalog.operator.label')}>
              <ScopeSelect
                options={choices.operators}
                placeholder={t('catalog.price.all')}
                disabled={!scope?.countryCode || scope.countryCode === 'any'}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="cardType" label={t('catalog.price.cardType')}>
              <Select
                allowClear
                placeholder={t('catalog.price.all')}
                options={CARD_TYPES.map((c) => ({ value: c, label: t(`catalog.price.cardTypes.${c}`) }))}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="enabled" label={t('catalog.status')}>
              <Select allowClear placeholder={t('catalog.price.all')} options={enabledOptions} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="validityOptionId" label={t('catalog.price.validity')}>
              <ScopeSelect options={choices.validityOptions} placeholder={t('catalog.price.all')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="mode" label={t('catalog.bulk.mode')}>
              <Radio.Group
                options={BULK_MODES.map((m) => ({ value: m, label: t(`catalog.bulk.modes.${m}`) }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="value"
              label={scope?.mode === 'set' ? t('catalog.bulk.newPrice') : t('catalog.bulk.percent')}
              rules={[
                ({ getFieldValue }) => ({
                  // The shared schema the server checks the edit with.
                  validator: async (_rule, raw) => {
                    const result = ZPriceBulkEdit.safeParse({
                      filter: {},
                      mode: getFieldValue('mode'),
                      value: String(raw ?? ''),
                    });
                    const issue = result.error?.issues[0];
                    if (issue) throw new Error(translateIssueMessage(issue.message, t));
                  },
                }),
              ]}
              extra={scope?.mode === 'set' ? undefined : t('catalog.bulk.percentHint')}
            >
              <Input
                suffix={scope?.mode === 'set' ? 'USDT' : '%'}
                inputMode="decimal"
                data-testid="bulk-edit-value"
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Alert
        type={matching.data?.total ? 'info' : 'warning'}
        showIcon
        message={t('catalog.bulk.matching', { count: matching.data?.total ?? 0 })}
        data-testid="bulk-edit-matching"
      />
    </Modal>
  );
}
