import {
  ANY_OPERATOR_CODE,
  DEFAULT_SORT_ORDER,
  type Operator,
  type OperatorCreate,
  ZOperatorCreate,
} from '@jiema/shared';
import { Col, Form, Input, InputNumber, Modal, Row, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { zodFieldRule } from '../../../lib/form-rules';
import { createOperator } from '../api/create-operator';
import { updateOperator } from '../api/update-operator';
import { useCatalogMutation } from './catalog-common';
import { CountrySelect } from './country-select';

/** Add an operator to a country, or edit one (its country stays; "any" keeps its code). */
export function OperatorFormModal({
  open,
  operator,
  defaultCountry,
  onClose,
}: {
  open: boolean;
  operator: Operator | null;
  defaultCountry?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OperatorCreate>();
  const rule = (field: string) => [zodFieldRule(ZOperatorCreate, field, t)];

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      operator ?? {
        countryCode: defaultCountry,
        code: '',
        name: '',
        fivesimSlug: null,
        enabled: true,
        sortOrder: DEFAULT_SORT_ORDER,
      },
    );
  }, [open, operator, defaultCountry, form]);

  const save = useCatalogMutation(
    (values: OperatorCreate) => {
      const { countryCode: _country, ...changes } = values;
      return operator ? updateOperator({ id: operator.id, ...changes }) : createOperator(values);
    },
    t('catalog.saved'),
    onClose,
  );

  return (
    <Modal
      open={open}
      title={
        operator ? t('catalog.operator.editTitle', { name: operator.name }) : t('catalog.operator.addTitle')
      }
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okText={t('common.save')}
      width={600}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => save.mutate(values)}
        data-testid="operator-form"
      >
        <Form.Item name="countryCode" label={t('catalog.country.label')} rules={rule('countryCode')}>
          <CountrySelect disabled={!!operator} allowClear={false} />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="code"
              label={t('catalog.operator.code')}
              rules={rule('code')}
              extra={t('catalog.operator.codeHint')}
            >
              <Input disabled={operator?.code === ANY_OPERATOR_CODE} maxLength={40} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="name" label={t('catalog.operator.name')} rules={rule('name')}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="fivesimSlug" label={t('catalog.fivesimSlug')} rules={rule('fivesimSlug')}>
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="sortOrder" label={t('catalog.sortOrder')} rules={rule('sortOrder')}>
              <InputNumber style={{ width: '100%' }} min={0} max={1_000_000} precision={0} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="enabled" label={t('catalog.status')} valuePropName="checked">
              <Switch checkedChildren={t('catalog.on')} unCheckedChildren={t('catalog.off')} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
