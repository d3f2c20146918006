import { CONTACT_TYPES, type Contact, type ContactInput, ZContactInput } from '@jiema/shared';
import { normalisePhoneNumber } from '@jiema/shared/phone-number';
import { Col, Form, Input, InputNumber, Modal, Row, Select, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactIcon } from '../../../components/contacts/contact-icon';
import { createContact } from '../api/create-contact';
import { updateContact } from '../api/update-contact';
import { wholeSchemaRule } from './schema-rule';
import { useContactMutation } from './use-contact-mutation';

/** Add or edit a contact channel of the public contact page. */
export function ContactFormModal({
  open,
  contact,
  onClose,
}: {
  open: boolean;
  contact: Contact | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ContactInput>();
  const type = Form.useWatch('type', form);
  const rule = (field: keyof ContactInput) => [wholeSchemaRule(ZContactInput, field, t)];
  // A phone or WhatsApp number is checked as the server reads it (numbering plan, country code).
  const numberRule = {
    validator: async (_: unknown, value?: string) => {
      if (
        (type === 'phone' || type === 'whatsapp') &&
        value?.trim() &&
        'problem' in normalisePhoneNumber(value)
      )
        throw new Error(t('validation.contactPhoneFormat'));
    },
  };

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      contact ?? {
        type: 'telegram',
        labelZh: '',
        labelEn: '',
        value: '',
        link: '',
        enabled: true,
        sortOrder: 0,
      },
    );
  }, [open, contact, form]);

  const save = useContactMutation(
    (values: ContactInput) =>
      contact ? updateContact({ id: contact.id, ...values }) : createContact(values),
    t('contacts.saved'),
    onClose,
  );

  return (
    <Modal
      open={open}
      title={contact ? t('contacts.editTitle') : t('contacts.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      width={600}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => save.mutate(values)}
        data-testid="contact-form"
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="type" label={t('contacts.fields.type')} rules={rule('type')}>
              <Select
                data-testid="contact-type-select"
                options={CONTACT_TYPES.map((value) => ({
                  value,
                  label: (
                    <Space>
                      <ContactIcon type={value} />
                      {t(`contacts.types.${value}`)}
                    </Space>
                  ),
                }))}
                onChange={() => void form.validateFields(['value', 'link']).catch(() => undefined)}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="sortOrder" label={t('contacts.fields.sortOrder')} rules={rule('sortOrder')}>
              <InputNumber style={{ width: '100%' }} min={0} max={9999} precision={0} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="enabled" label={t('contacts.fields.enabled')} valuePropName="checked">
              <Switch checkedChildren={t('contacts.shown')} unCheckedChildren={t('contacts.hidden')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="labelZh" label={t('contacts.fields.labelZh')} rules={rule('labelZh')}>
              <Input maxLength={64} data-testid="contact-label-zh" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="labelEn"
              label={t('contacts.fields.labelEn')}
              rules={rule('labelEn')}
              extra={t('contacts.labelEnHint')}
            >
              <Input maxLength={64} data-testid="contact-label-en" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="value"
          label={t('contacts.fields.value')}
          rules={[...rule('value'), numberRule]}
          extra={type ? t(`contacts.valueHints.${type}`) : undefined}
        >
          <Input maxLength={200} data-testid="contact-value" />
        </Form.Item>
        <Form.Item
          name="link"
          label={t('contacts.fields.link')}
          rules={rule('link')}
          extra={t('contacts.linkHint')}
        >
          <Input maxLength={2048} placeholder="https://" data-testid="contact-link" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
