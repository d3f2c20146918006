import { type Country, type CountryCreate, DEFAULT_SORT_ORDER, flagOf, ZCountryCreate } from '@jiema/shared';
import { Col, Form, Input, InputNumber, Modal, Row, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { zodFieldRule } from '../../../lib/form-rules';
import { createCountry } from '../api/create-country';
import { updateCountry } from '../api/update-country';
import { useCatalogMutation } from './catalog-common';

/** Add a country, or edit one (its code stays). */
export function CountryFormModal({
  open,
  country,
  onClose,
}: {
  open: boolean;
  country: Country | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CountryCreate>();
  const code = Form.useWatch('code', form);
  const rule = (field: string) => [zodFieldRule(ZCountryCreate, field, t)];

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      country ?? {
        code: '',
        dialCode: '+',
        nameZh: '',
        nameEn: '',
        flag: '',
        smsActivateId: null,
        fivesimSlug: null,
        enabled: true,
        sortOrder: DEFAULT_SORT_ORDER,
      },
    );
  }, [open, country, form]);

  const save = useCatalogMutation(
    (values: CountryCreate) => {
      const { code: _code, ...changes } = values;
      return country ? updateCountry({ code: country.code, ...changes }) : createCountry(values);
    },
    t('catalog.saved'),
    onClose,
  );

  return (
    <Modal
      open={open}
      title={country ? t('catalog.country.editTitle', { code: country.code }) : t('catalog.country.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okText={t('common.save')}
      width={640}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => save.mutate(values)}
        data-testid="country-form"
      >
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              name="code"
              label={t('catalog.country.code')}
              rules={rule('code')}
              extra={t('catalog.country.codeHint')}
            >
              {/* No maxLength: a pasted "AAXX…" must be refused, not cut to "AA" and saved. */}
              <Input disabled={!!country} style={{ textTransform: 'uppercase' }} data-testid="country-code" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="dialCode" label={t('catalog.country.dialCode')} rules={rule('dialCode')}>
              <Input maxLength={5} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="flag"
              label={t('catalog.country.flag')}
              rules={rule('flag')}
              extra={t('catalog.country.flagHint')}
            >
              <Input placeholder={flagOf(String(code ?? '').toUpperCase())} maxLength={16} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="nameZh" label={t('catalog.nameZh')} rules={rule('nameZh')}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="nameEn" label={t('catalog.nameEn')} rules={rule('nameEn')}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="smsActivateId"
              label={t('catalog.country.smsActivateId')}
              rules={rule('smsActivateId')}
            >
              <InputNumber style={{ width: '100%' }} min={0} max={99999} precision={0} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="fivesimSlug" label={t('catalog.fivesimSlug')} rules={rule('fivesimSlug')}>
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="sortOrder"
              label={t('catalog.sortOrder')}
              rules={rule('sortOrder')}
              extra={t('catalog.sortOrderHint')}
            >
              <InputNumber style={{ width: '100%' }} min={0} max={1_000_000} precision={0} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="enabled" label={t('catalog.status')} valuePropName="checked">
              <Switch checkedChildren={t('catalog.on')} unCheckedChildren={t('catalog.off')} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
