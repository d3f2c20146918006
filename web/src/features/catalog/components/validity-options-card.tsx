import { PlusOutlined } from '@ant-design/icons';
import { DEFAULT_SORT_ORDER, type ValidityOption, ZValidityOptionCreate } from '@jiema/shared';
import {
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { RowActions } from '../../../components/row-actions';
import { translateIssueMessage, zodFieldRule } from '../../../lib/form-rules';
import { createValidityOption } from '../api/create-validity-option';
import { deleteValidityOption } from '../api/delete-validity-option';
import { useValidityOptions } from '../api/list-validity-options';
import { updateValidityOption } from '../api/update-validity-option';
import { EnabledSwitch, useCan, useCatalogMutation, useDuration, useLocalName } from './catalog-common';

const UNITS = { minutes: 1, hours: 60, days: 1440 } as const;
type Unit = keyof typeof UNITS;
type FormValues = {
  kind: 'activation' | 'rental';
  amount: number;
  unit: Unit;
  nameZh: string;
  nameEn: string;
  enabled: boolean;
  sortOrder: number;
};

/** The largest unit a duration is a whole number of. */
/** The minutes an amount of a unit makes, without floating-point noise (0.1 hours = 6, not 6.000000000000001). */
const toMinutes = (amount: unknown, unit: Unit) =>
  Number((Number(amount ?? Number.NaN) * UNITS[unit]).toFixed(6));

const split = (minutes: number): { amount: number; unit: Unit } =>
  minutes % 1440 === 0
    ? { amount: minutes / 1440, unit: 'days' }
    : minutes % 60 === 0
      ? { amount: minutes / 60, unit: 'hours' }
      : { amount: minutes, unit: 'minutes' };

function ValidityFormModal({
  open,
  option,
  onClose,
}: {
  open: boolean;
  option: ValidityOption | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const rule = (field: string) => [zodFieldRule(ZValidityOptionCreate, field, t)];

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      option
        ? { ...option, ...split(option.minutes) }
        : {
            kind: 'rental',
            amount: 1,
            unit: 'days',
            nameZh: '',
            nameEn: '',
            enabled: true,
            sortOrder: DEFAULT_SORT_ORDER,
          },
    );
  }, [open, option, form]);

  const save = useCatalogMutation(
    ({ amount, unit, ...values }: FormValues) => {
      const input = { ...values, minutes: toMinutes(amount, unit) };
      return option ? updateValidityOption({ id: option.id, ...input }) : createValidityOption(input);
    },
    t('catalog.saved'),
    onClose,
  );

  return (
    <Modal
      open={open}
      title={option ? t('catalog.validity.editTitle') : t('catalog.validity.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okText={t('common.save')}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => save.mutate(values)}
        data-testid="validity-form"
      >
        <Form.Item name="kind" label={t('catalog.validity.kind')} rules={rule('kind')}>
          <Radio.Group
            options={[
              { value: 'activation', label: t('catalog.validity.kinds.activation') },
              { value: 'rental', label: t('catalog.validity.kinds.rental') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('catalog.validity.duration')} required>
          <Space.Compact>
            <Form.Item
              name="amount"
              noStyle
              rules={[
                ({ getFieldValue }) => ({
                  // The shared rule on the minutes the amount and unit make.
                  validator: async (_rule, value) => {
                    const minutes = toMinutes(value, getFieldValue('unit') as Unit);
                    const issue = ZValidityOptionCreate.shape.minutes.safeParse(minutes).error?.issues[0];
                    if (issue) throw new Error(translateIssueMessage(issue.message, t));
                  },
                }),
              ]}
            >
              {/* No min or precision: 0 or 1.5 days must reach the rule, not be rounded into another duration. */}
              <InputNumber style={{ width: 140 }} data-testid="validity-amount" />
            </Form.Item>
            <Form.Item name="unit" noStyle>
              <Select
                style={{ width: 110 }}
                options={(Object.keys(UNITS) as Unit[]).map((u) => ({
                  value: u,
                  label: t(`catalog.validity.units.${u}`),
                }))}
              />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="nameZh" label={t('catalog.nameZh')} rules={rule('nameZh')}>
              <Input maxLength={64} placeholder={t('catalog.validity.nameZhPlaceholder')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="nameEn" label={t('catalog.nameEn')} rules={rule('nameEn')}>
              <Input maxLength={64} placeholder={t('catalog.validity.nameEnPlaceholder')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="sortOrder" label={t('catalog.sortOrder')} rules={rule('sortOrder')}>
              <InputNumber style={{ width: '100%' }} min={0} max={1_000_000} precision={0} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="enabled" label={t('catalog.status')} valuePropName="checked">
              <Switch checkedChildren={t('catalog.on')} unCheckedChildren={t('catalog.off')} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

/** The validity options on sale: a 20-minute activation, rentals of N days. */
export function ValidityOptionsCard() {
  const { t } = useTranslation();
  const can = useCan();
  const name = useLocalName();
  const duration = useDuration();
  const options = useValidityOptions({ pageSize: 100 });
  const [editing, setEditing] = useState<ValidityOption | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const canEdit = can('admin:api-option:edit');
  const update = useCatalogMutation(updateValidityOption, t('catalog.saved'));
  const remove = useCatalogMutation(deleteValidityOption, t('catalog.deleted'));
  const openForm = (option: ValidityOption | null) => {
    setEditing(option);
    setFormOpen(true);
  };

  const columns: TableColumnsType<ValidityOption> = [
    {
      title: t('catalog.validity.kind'),
      dataIndex: 'kind',
      width: 110,
      render: (kind: string) => (
        <Tag color={kind === 'activation' ? 'geekblue' : 'purple'}>{t(`catalog.validity.kinds.${kind}`)}</Tag>
      ),
    },
    {
      title: t('catalog.validity.duration'),
      dataIndex: 'minutes',
      width: 120,
      render: (m: number) => duration(m),
    },
    { title: t('catalog.name'), key: 'name', render: (_, row) => name(row.nameZh, row.nameEn) },
    { title: t('catalog.validity.ruleCount'), dataIndex: 'ruleCount', width: 110, align: 'right' },
    { title: t('catalog.sortOrder'), dataIndex: 'sortOrder', width: 90 },
    {
      title: t('catalog.status'),
      dataIndex: 'enabled',
      width: 90,
      render: (enabled: boolean, row) => (
        <EnabledSwitch
          enabled={enabled}
          canEdit={canEdit}
          onChange={(next) => update.mutateAsync({ id: row.id, enabled: next })}
        />
      ),
    },
    {
      title: t('catalog.actions'),
      key: 'actions',
      width: 130,
      render: (_, row) => (
        <RowActions
          onEdit={canEdit ? () => openForm(row) : undefined}
          editLabel={t('catalog.edit')}
          onDelete={can('admin:api-option:del') ? () => remove.mutateAsync(row.id) : undefined}
          deleteLabel={t('catalog.delete')}
          confirmTitle={t('catalog.validity.deleteTitle', { name: name(row.nameZh, row.nameEn) })}
          confirmDescription={t('catalog.validity.deleteWarning', { count: row.ruleCount })}
        />
      ),
    },
  ];

  return (
    <Card
      title={t('catalog.validity.title')}
      extra={
        can('admin:api-option:add') && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => openForm(null)}
            data-testid="validity-add"
          >
            {t('catalog.validity.add')}
          </Button>
        )
      }
      data-testid="validity-options"
    >
      <DataTable<ValidityOption>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={options.data?.list}
        loading={options.isFetching}
        pagination={false}
        data-testid="validity-table"
      />
      <ValidityFormModal open={formOpen} option={editing} onClose={() => setFormOpen(false)} />
    </Card>
  );
}
