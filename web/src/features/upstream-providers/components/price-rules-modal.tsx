import { type UpstreamPriceRule, ZUpstreamPriceRuleWrite } from '@jiema/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  type ButtonProps,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  type TableColumnsType,
  Typography,
} from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { useLocalName } from '../../../components/rental-cells';
import { zodFieldRule } from '../../../lib/form-rules';
import {
  deletePriceRule,
  PROVIDERS_KEY,
  savePriceRule,
  useCatalogApplications,
  usePriceRules,
} from '../api/providers';

type Values = {
  applicationId?: number;
  countryCode?: string;
  marginPercent?: string;
  marginFixed?: string;
  priceCeiling?: string;
};

const blankToNull = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/**
 * A provider's price terms per application and/or country: margin (percent, fixed) and ceiling, each
 * left empty keeps the provider's own. The most specific rule of a purchase applies.
 */
export function PriceRulesModal({
  providerId,
  canEdit,
  onClose,
}: {
  providerId: number | null;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const name = useLocalName();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const rules = usePriceRules(providerId);
  const applications = useCatalogApplications(providerId !== null && canEdit);
  const refresh = () => queryClient.invalidateQueries({ queryKey: PROVIDERS_KEY });
  const save = useMutation({
    mutationFn: (v: Values) =>
      savePriceRule({
        id: providerId!,
        applicationId: v.applicationId ?? null,
        countryCode: blankToNull(v.countryCode),
        marginPercent: blankToNull(v.marginPercent),
        marginFixed: blankToNull(v.marginFixed),
        priceCeiling: blankToNull(v.priceCeiling),
      }),
    onSuccess: async () => {
      await refresh();
      form.resetFields();
    },
  });
  const remove = useMutation({ mutationFn: deletePriceRule, onSuccess: refresh });
  /** An empty field is allowed (the provider's own term); a filled one is checked as the server does. */
  const optional = (field: keyof Values): Rule[] => {
    const check = zodFieldRule(ZUpstreamPriceRuleWrite, field, t) as {
      validator: (rule: unknown, value: unknown) => Promise<void>;
    };
    return [
      {
        validator: async (rule, value) => {
          if (String(value ?? '').trim()) await check.validator(rule, value);
        },
      },
    ];
  };
  const inherit = t('upstream.rules.inherit');
  const columns: TableColumnsType<UpstreamPriceRule> = [
    {
      title: t('upstream.state.application'),
      key: 'application',
      render: (_, r) =>
        r.applicationCode ?? <Typography.Text type="secondary">{t('upstream.rules.any')}</Typography.Text>,
    },
    {
      title: t('upstream.state.country'),
      dataIndex: 'countryCode',
      render: (v: string | null) =>
        v ?? <Typography.Text type="secondary">{t('upstream.rules.any')}</Typography.Text>,
    },
    { title: t('upstream.fields.marginPercent'), dataIndex: 'marginPercent', render: (v) => v ?? inherit },
    { title: t('upstream.fields.marginFixed'), dataIndex: 'marginFixed', render: (v) => v ?? inherit },
    { title: t('upstream.fields.priceCeiling'), dataIndex: 'priceCeiling', render: (v) => v ?? inherit },
    ...(canEdit
      ? [
          {
            title: t('upstream.actions'),
            key: 'actions',
            render: (_: unknown, r: UpstreamPriceRule) => (
              <Popconfirm
                title={t('upstream.rules.deleteConfirm')}
                onConfirm={() => remove.mutate({ id: providerId!, ruleId: r.id })}
                okButtonProps={{ 'data-testid': 'price-rule-delete-ok' } as ButtonProps}
              >
                <Button size="small" danger data-testid={`price-rule-delete-${r.id}`}>
                  {t('upstream.rules.delete')}
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];
  return (
    <Modal
      open={providerId !== null}
      title={t('upstream.rules.title')}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      footer={null}
      width={820}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('upstream.rules.help')}</Typography.Paragraph>
      <DataTable<UpstreamPriceRule>
        rowKey="id"
        size="small"
        cards
        loading={rules.isLoading}
        columns={columns}
        dataSource={rules.data ?? []}
        pagination={false}
        data-testid="price-rules-table"
      />
      {canEdit && (
        <Form
          form={form}
          layout="vertical"
          style={{ marginTop: 16 }}
          onFinish={(v) => save.mutate(v)}
          data-testid="price-rule-form"
        >
          <Space wrap align="start">
            <Form.Item name="applicationId" label={t('upstream.state.application')}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder={t('upstream.rules.any')}
                style={{ width: 200 }}
                loading={applications.isLoading}
                options={(applications.data ?? []).map((a) => ({
                  value: a.id,
                  label: `${name(a.nameZh, a.nameEn)} (${a.code})`,
                }))}
                data-testid="price-rule-application"
              />
            </Form.Item>
            <Form.Item name="countryCode" label={t('upstream.state.country')} rules={optional('countryCode')}>
              <Input maxLength={2} placeholder="US" style={{ width: 90 }} data-testid="price-rule-country" />
            </Form.Item>
            <Form.Item
              name="marginPercent"
              label={t('upstream.fields.marginPercent')}
              rules={optional('marginPercent')}
            >
              <Input placeholder={inherit} style={{ width: 120 }} data-testid="price-rule-percent" />
            </Form.Item>
            <Form.Item
              name="marginFixed"
              label={t('upstream.fields.marginFixed')}
              rules={optional('marginFixed')}
            >
              <Input placeholder={inherit} style={{ width: 140 }} data-testid="price-rule-fixed" />
            </Form.Item>
            <Form.Item
              name="priceCeiling"
              label={t('upstream.fields.priceCeiling')}
              rules={optional('priceCeiling')}
            >
              <Input placeholder={inherit} style={{ width: 120 }} data-testid="price-rule-ceiling" />
            </Form.Item>
          </Space>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="price-rule-save">
            {t('upstream.rules.save')}
          </Button>
        </Form>
      )}
    </Modal>
  );
}
