import { Alert, Card, Input, Radio, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApprovedTemplates } from '../api/templates';

export type ContentValue = {
  mode: 'template' | 'text';
  templateId?: number;
  content: string;
  commonVariables: Record<string, string>;
};

/** The content: an approved template (its variables filled per recipient or once for everyone) or free text. */
export function ContentCard({
  value,
  onChange,
  fileColumns,
}: {
  value: ContentValue;
  onChange: (next: ContentValue) => void;
  fileColumns: string[];
}) {
  const { t } = useTranslation();
  const templates = useApprovedTemplates();
  const template = templates.data?.list.find((x) => x.id === value.templateId);
  const shared = (template?.variables ?? []).filter((v) => !fileColumns.includes(v));

  return (
    <Card size="small" title={t('mass-sms.send.content')}>
      <Radio.Group
        value={value.mode}
        onChange={(e) => onChange({ ...value, mode: e.target.value })}
        style={{ marginBottom: 12 }}
        data-testid="content-mode"
      >
        <Radio.Button value="template" data-testid="content-mode-template">
          {t('mass-sms.send.fromTemplate')}
        </Radio.Button>
        <Radio.Button value="text" data-testid="content-mode-text">
          {t('mass-sms.send.freeText')}
        </Radio.Button>
      </Radio.Group>
      {value.mode === 'template' ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Select
            showSearch
            optionFilterProp="label"
            placeholder={t('mass-sms.send.pickTemplate')}
            value={value.templateId}
            loading={templates.isLoading}
            options={templates.data?.list.map((x) => ({ value: x.id, label: x.name }))}
            onChange={(templateId) => onChange({ ...value, templateId })}
            style={{ width: '100%' }}
            notFoundContent={t('mass-sms.send.noApprovedTemplates')}
            data-testid="template-select"
          />
          <Link to="/dashboard/templates">{t('mass-sms.send.manageTemplates')}</Link>
          {template && (
            <Typography.Paragraph
              style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
              type="secondary"
            >
              {template.content}
            </Typography.Paragraph>
          )}
          {shared.length > 0 && (
            <>
              <Alert type="info" showIcon message={t('mass-sms.send.commonVariablesHint')} />
              {shared.map((name) => (
                <Input
                  key={name}
                  addonBefore={`{${name}}`}
                  value={value.commonVariables[name] ?? ''}
                  onChange={(e) =>
                    onChange({
                      ...value,
                      commonVariables: { ...value.commonVariables, [name]: e.target.value },
                    })
                  }
                  data-testid={`common-variable-${name}`}
                />
              ))}
            </>
          )}
        </Space>
      ) : (
        <Input.TextArea
          rows={5}
          maxLength={1600}
          showCount
          value={value.content}
          onChange={(e) => onChange({ ...value, content: e.target.value })}
          placeholder={t('mass-sms.send.contentPlaceholder')}
          data-testid="free-text"
        />
      )}
    </Card>
  );
}
