import { LOCALES, type Locale } from '@jiema/shared';
import { Alert, Card, Collapse, Empty, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type OpenApiDocument, type Operation, useOpenApi } from '../api/get-openapi';
import { CompatDocsLinks } from './compat-docs-links';
import { DocText } from './doc-text';
import { SchemaTable } from './schema-table';

const METHOD_COLORS: Record<string, string> = {
  get: 'blue',
  post: 'green',
  put: 'orange',
  delete: 'red',
  patch: 'purple',
};

type Endpoint = { method: string; path: string; op: Operation };

function groupByTag(paths: Record<string, Record<string, Operation>>): Map<string, Endpoint[]> {
  const groups = new Map<string, Endpoint[]>();
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'other';
      groups.set(tag, [...(groups.get(tag) ?? []), { method, path, op }]);
    }
  }
  return groups;
}

/** A group's name as the server gives it in the document's language. */
const tagTitle = (document: OpenApiDocument, tag: string) =>
  document.tags?.find((entry) => entry.name === tag)?.['x-displayName'] ?? tag;

function EndpointDetails({ op }: { op: Operation }) {
  const { t } = useTranslation();
  const body = op.requestBody?.content?.['application/json']?.schema;
  const ok = op.responses?.['200']?.content?.['application/json']?.schema;
  const data = ok?.properties?.data;
  const params = op.parameters ?? [];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {op.description && <DocText text={op.description} />}
      <Typography.Text type="secondary">
        {op.security && op.security.length === 0 ? t('docs.noAuth') : t('docs.bearerAuth')}
      </Typography.Text>
      {params.length > 0 && (
        <>
          <Typography.Text strong>{t('docs.parameters')}</Typography.Text>
          <SchemaTable
            schema={{
              type: 'object',
              properties: Object.fromEntries(params.map((p) => [`${p.name} (${p.in})`, p.schema ?? {}])),
              required: params.filter((p) => p.required).map((p) => `${p.name} (${p.in})`),
            }}
          />
        </>
      )}
      {body && (
        <>
          <Typography.Text strong>{t('docs.requestBody')}</Typography.Text>
          <SchemaTable schema={body} />
        </>
      )}
      {op.requestBody?.content?.['multipart/form-data'] && (
        <Typography.Text>{t('docs.multipart')}</Typography.Text>
      )}
      <Typography.Text strong>{t('docs.responseData')}</Typography.Text>
      <SchemaTable schema={data} />
    </Space>
  );
}

export default function DocsPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const { data, isLoading, isError } = useOpenApi(locale);
  const documentUrl = `/api/openapi.json?lang=${locale}`;
  const otherLocale = LOCALES.find((other) => other !== locale);
  return (
    <div style={{ maxWidth: 1120, margin: '0 auto', padding: '48px 24px' }}>
      <Typography.Title>{t('docs.title')}</Typography.Title>
      <Card style={{ marginBottom: 24 }}>
        <Typography.Paragraph>{t('docs.intro')}</Typography.Paragraph>
        <Typography.Paragraph>
          <Typography.Text code>{'{ "code": 200, "message": "…", "data": … }'}</Typography.Text>
        </Typography.Paragraph>
        <Typography.Paragraph>{t('docs.authIntro')}</Typography.Paragraph>
        <Typography.Paragraph style={{ marginBottom: 0 }} data-testid="docs-document-link">
          {t('docs.documentLink')}
          <Typography.Link href={documentUrl} target="_blank">
            {documentUrl}
          </Typography.Link>
          {t('docs.documentLinkOther', { other: otherLocale })}
        </Typography.Paragraph>
      </Card>
      <CompatDocsLinks />
      {isLoading && <Spin />}
      {isError && <Alert type="error" showIcon message={t('common.loadFailed')} />}
      {data && Object.keys(data.paths).length === 0 && <Empty />}
      {data &&
        [...groupByTag(data.paths)].map(([tag, endpoints]) => (
          <Card
            key={tag}
            title={tagTitle(data, tag)}
            style={{ marginBottom: 16 }}
            data-testid={`docs-tag-${tag}`}
          >
            <Collapse
              items={endpoints.map(({ method, path, op }) => ({
                key: `${method} ${path}`,
                label: (
                  <Space wrap size={[8, 4]}>
                    <Tag color={METHOD_COLORS[method]} style={{ minWidth: 56, textAlign: 'center' }}>
                      {method.toUpperCase()}
                    </Tag>
                    <Typography.Text code>{path}</Typography.Text>
                    <Typography.Text type="secondary" data-testid="docs-summary">
                      {op.summary}
                    </Typography.Text>
                  </Space>
                ),
                children: <EndpointDetails op={op} />,
              }))}
            />
          </Card>
        ))}
    </div>
  );
}
