import { type TronAddress, type TronAddressInput, ZTronAddressInput } from '@jiema/shared';
import { Alert, Form, Input, Modal, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { zodFieldRule } from '../../../lib/form-rules';
import { createTronAddress } from '../api/create-tron-address';
import { updateTronAddress } from '../api/update-tron-address';
import { useTronMutation } from './use-tron-mutation';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

/** Add an address to the pool, or edit one (an address given to a user keeps its address). */
export function TronAddressFormModal({
  open,
  address,
  onClose,
}: {
  open: boolean;
  address: TronAddress | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TronAddressInput>();
  const rule = (field: keyof TronAddressInput) => [zodFieldRule(ZTronAddressInput, field, t)];
  const isAssigned = !!address?.assignedUserId;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(address ?? { address: '', label: '', note: '', enabled: true, shared: false });
  }, [open, address, form]);

  const save = useTronMutation(
    (values: TronAddressInput) =>
      address ? updateTronAddress({ id: address.id, ...values }) : createTronAddress(values),
    t('tron.saved'),
    onClose,
  );

  return (
    <Modal
      open={open}
      title={address ? t('tron.editTitle') : t('tron.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      width={560}
      destroyOnHidden
    >
      {isAssigned && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('tron.assignedLocked', { user: address?.assignedUsername ?? '' })}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => save.mutate(values)}
        data-testid="tron-address-form"
      >
        <Form.Item
          name="address"
          label={t('tron.fields.address')}
          rules={rule('address')}
          extra={t('tron.addressHint')}
        >
          <Input
            maxLength={64}
            disabled={isAssigned}
            style={mono}
            placeholder="T..."
            autoComplete="off"
            spellCheck={false}
            data-testid="tron-address-input"
          />
        </Form.Item>
        <Form.Item name="label" label={t('tron.fields.label')} rules={rule('label')}>
          <Input maxLength={64} showCount data-testid="tron-label-input" />
        </Form.Item>
        <Form.Item name="note" label={t('tron.fields.note')} rules={rule('note')}>
          <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Form.Item name="enabled" label={t('tron.fields.enabled')} valuePropName="checked">
          <Switch checkedChildren={t('tron.on')} unCheckedChildren={t('tron.off')} />
        </Form.Item>
        <Form.Item
          name="shared"
          label={t('tron.fields.shared')}
          valuePropName="checked"
          extra={t('tron.sharedHint')}
        >
          <Switch disabled={isAssigned} data-testid="tron-shared-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
