import {
  type PhoneNumber,
  type PhoneNumberUpdate,
  type StockOptions,
  ZPhoneNumberUpdate,
} from '@jiema/shared';
import { App, Descriptions, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { zodFieldRule } from '../../../lib/form-rules';
import { updatePhoneNumber } from '../api/update-phone-number';
import { monoStyle, PhoneStateTag, useOperatorOptions, useStockMutation } from './stock-common';

/** Change a number's operator (within its country) and source. */
export function EditPhoneNumberModal({
  number,
  options,
  onClose,
}: {
  number: PhoneNumber | null;
  options: StockOptions | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PhoneNumberUpdate>();
  const operatorOptions = useOperatorOptions(options, number?.countryCode);
  const save = useStockMutation(updatePhoneNumber, () => {
    void message.success(t('stock.saved'));
    onClose();
  });

  useEffect(() => {
    if (number) form.setFieldsValue({ operatorId: number.operatorId, source: number.source });
  }, [number, form]);

  return (
    <Modal
      open={number !== null}
      title={t('stock.editTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
      okText={t('common.save')}
    >
      {number && (
        <>
          <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('stock.fields.number')}>
              <span style={monoStyle}>{number.number}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('stock.fields.state')}>
              <PhoneStateTag state={number.state} cooldownUntil={number.cooldownUntil} />
            </Descriptions.Item>
          </Descriptions>
          <Form
            form={form}
            layout="vertical"
            onFinish={(values) => save.mutate({ id: number.id, ...values })}
            data-testid="phone-edit-form"
          >
            <Form.Item
              name="operatorId"
              label={t('stock.fields.operator')}
              extra={number.state === 'in_use' ? t('stock.operatorLockedInUse') : undefined}
            >
              <Select options={operatorOptions} disabled={number.state === 'in_use'} />
            </Form.Item>
            <Form.Item
              name="source"
              label={t('stock.fields.source')}
              rules={[zodFieldRule(ZPhoneNumberUpdate, 'source', t)]}
            >
              <Input maxLength={64} />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
