import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import type { JsonSchema } from '../api/get-openapi';

export type SchemaRow = { key: string; name: string; type: string; required: boolean; rules: string };

function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeOf).join(' | ');
  if (schema.type === 'array') return `${typeOf(schema.items)}[]`;
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'object');
  return schema.format ? `${type} (${schema.format})` : type;
}

function rulesOf(schema: JsonSchema): string {
  const rules: string[] = [];
  if (schema.minLength !== undefined) rules.push(`minLength ${schema.minLength}`);
  if (schema.maxLength !== undefined) rules.push(`maxLength ${schema.maxLength}`);
  if (schema.minimum !== undefined) rules.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) rules.push(`≤ ${schema.maximum}`);
  if (schema.pattern) rules.push(`/${schema.pattern}/`);
  return rules.join(', ');
}

/** Flattens an object schema into rows, nested fields as `a.b` and array items as `a[].b`. */
export function schemaRows(schema: JsonSchema | undefined, prefix = ''): SchemaRow[] {
  if (!schema?.properties) return [];
  return Object.entries(schema.properties).flatMap(([name, child]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const row = {
      key: path,
      name: path,
      type: typeOf(child),
      required: !!schema.required?.includes(name),
      rules: rulesOf(child),
    };
    const nested = child.type === 'array' ? schemaRows(child.items, `${path}[]`) : schemaRows(child, path);
    return [row, ...nested];
  });
}

export function SchemaTable({ schema }: { schema: JsonSchema | undefined }) {
  const { t } = useTranslation();
  const rows = schemaRows(schema);
  if (rows.length === 0) return <Typography.Text type="secondary">{typeOf(schema)}</Typography.Text>;
  return (
    <DataTable<SchemaRow>
      size="small"
      pagination={false}
      dataSource={rows}
      columns={[
        {
          title: t('docs.field'),
          dataIndex: 'name',
          render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
        },
        { title: t('docs.type'), dataIndex: 'type' },
        {
          title: t('docs.required'),
          dataIndex: 'required',
          render: (v: boolean) =>
            v ? <Tag color="red">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>,
        },
        { title: t('docs.rules'), dataIndex: 'rules' },
      ]}
    />
  );
}
