import { InboxOutlined } from '@ant-design/icons';
import {
  PHONE_IMPORT_FILE_TYPES,
  PHONE_IMPORT_MAX_BYTES,
  PHONE_IMPORT_MAX_LINES,
  type PhoneImport,
  type PhoneImportOptions,
  ZPhoneImportOptions,
} from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  App,
  AutoComplete,
  Button,
  Col,
  Form,
  Input,
  Progress,
  Row,
  Select,
  Tabs,
  Typography,
  Upload,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DisabledCountryAlert } from '../../../components/disabled-country-alert';
import { zodFieldRule } from '../../../lib/form-rules';
import { createPhoneImport } from '../api/create-phone-import';
import { useStockOptions } from '../api/get-stock-options';
import { CountrySelect, formatBytes, useCountryOptions, useOperatorOptions } from './stock-common';

type Values = PhoneImportOptions & { text?: string };

/** Non-empty lines of pasted text, counted as the server will count them. */
const countLines = (text: string | undefined) =>
  text ? text.split(/\r\n|\n|\r/).filter((l) => l.trim()).length : 0;

/**
 * Batch add, step 1: the country, operator and source of the numbers, and the numbers themselves,
 * pasted or in a TXT/CSV file. Nothing is written here: the server checks every line and the next
 * step shows what it found.
 */
export function BatchAddForm({ onCreated }: { onCreated: (created: PhoneImport) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const options = useStockOptions('imports');
  const countryOptions = useCountryOptions(options.data);
  const countryCode = Form.useWatch('countryCode', form);
  const text = Form.useWatch('text', form);
  const operatorOptions = useOperatorOptions(options.data, countryCode);
  const [mode, setMode] = useState<'paste' | 'file'>('paste');
  const [file, setFile] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState(0);
  const pastedLines = useMemo(() => countLines(text), [text]);

  const upload = useMutation({
    mutationFn: ({ values, blob, fileName }: { values: PhoneImportOptions; blob: Blob; fileName: string }) =>
      createPhoneImport(values, blob, fileName, setUploaded),
    onSuccess: onCreated,
    onSettled: () => setUploaded(0),
  });

  const submit = (values: Values) => {
    const choices: PhoneImportOptions = {
      countryCode: values.countryCode,
      operatorId: values.operatorId,
      source: values.source,
    };
    if (mode === 'file') {
      if (!file) return void message.warning(t('validation.stockNumbersRequired'));
      upload.mutate({ values: choices, blob: file, fileName: file.name });
      return;
    }
    if (pastedLines === 0) return void message.warning(t('validation.stockNumbersRequired'));
    if (pastedLines > PHONE_IMPORT_MAX_LINES)
      return void message.warning(t('stock.batch.tooManyLines', { max: PHONE_IMPORT_MAX_LINES }));
    const blob = new Blob([values.text ?? ''], { type: 'text/plain' });
    upload.mutate({ values: choices, blob, fileName: 'pasted.txt' });
  };

  const pickFile = (picked: File) => {
    const name = picked.name.toLowerCase();
    if (!PHONE_IMPORT_FILE_TYPES.some((ext) => name.endsWith(ext))) {
      void message.error(t('stock.batch.fileType'));
    } else if (picked.size > PHONE_IMPORT_MAX_BYTES) {
      void message.error(t('stock.batch.fileTooLarge', { max: formatBytes(PHONE_IMPORT_MAX_BYTES) }));
    } else {
      setFile(picked);
    }
    return Upload.LIST_IGNORE;
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={submit}
      requiredMark
      disabled={upload.isPending}
      data-testid="batch-add-form"
    >
      <DisabledCountryAlert
        country={options.data?.countries.find((c) => c.code === countryCode)}
        place="batchAdd"
      />
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name="countryCode"
            label={t('stock.fields.country')}
            required
            rules={[zodFieldRule(ZPhoneImportOptions, 'countryCode', t)]}
          >
            <CountrySelect
              options={countryOptions}
              loading={options.isLoading}
              onChange={() => form.setFieldValue('operatorId', undefined)}
              data-testid="batch-country"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="operatorId"
            label={t('stock.fields.operator')}
            extra={t('stock.batch.operatorHelp')}
          >
            <Select
              allowClear
              disabled={!countryCode}
              placeholder={t('stock.anyOperator')}
              options={operatorOptions}
              data-testid="batch-operator"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="source"
            label={t('stock.fields.source')}
            required
            rules={[zodFieldRule(ZPhoneImportOptions, 'source', t)]}
            extra={t('stock.batch.sourceHelp')}
          >
            <AutoComplete
              options={(options.data?.sources ?? []).map((s) => ({ value: s }))}
              placeholder={t('stock.batch.sourcePlaceholder')}
              maxLength={64}
              data-testid="batch-source"
            />
          </Form.Item>
        </Col>
      </Row>

      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('stock.batch.formatTitle')}
        description={
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            {t('stock.batch.formatHelp', { max: PHONE_IMPORT_MAX_LINES.toLocaleString() })}
            <br />
            <Typography.Text code>+7 912 123-45-67</Typography.Text>{' '}
            <Typography.Text code>89121234567,mts</Typography.Text>{' '}
            <Typography.Text code>+79031112233;MegaFon</Typography.Text>
          </Typography.Paragraph>
        }
      />

      <Tabs
        activeKey={mode}
        onChange={(key) => setMode(key as 'paste' | 'file')}
        items={[
          {
            key: 'paste',
            label: t('stock.batch.paste'),
            children: (
              <Form.Item
                name="text"
                extra={t('stock.batch.lineCount', { count: pastedLines })}
                style={{ marginBottom: 8 }}
              >
                <Input.TextArea
                  rows={10}
                  placeholder={t('stock.batch.pastePlaceholder')}
                  style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
                  data-testid="batch-text"
                />
              </Form.Item>
            ),
          },
          {
            key: 'file',
            label: t('stock.batch.upload'),
            children: (
              <div style={{ marginBottom: 16 }}>
                <Upload.Dragger
                  accept={PHONE_IMPORT_FILE_TYPES.join(',')}
                  multiple={false}
                  showUploadList={false}
                  beforeUpload={pickFile}
                  data-testid="batch-file"
                >
                  <p className="ant-upload-drag-icon">
                    <InboxOutlined />
                  </p>
                  <p className="ant-upload-text">
                    {file ? `${file.name} (${formatBytes(file.size)})` : t('stock.batch.dropHint')}
                  </p>
                  <p className="ant-upload-hint">
                    {t('stock.batch.fileHint', { max: formatBytes(PHONE_IMPORT_MAX_BYTES) })}
                  </p>
                </Upload.Dragger>
              </div>
            ),
          },
        ]}
      />

      {upload.isPending && (
        <Progress
          percent={Math.round(uploaded * 100)}
          status="active"
          format={(percent) => t('stock.batch.uploading', { percent })}
          style={{ marginBottom: 16 }}
          data-testid="batch-upload-progress"
        />
      )}
      <Button
        type="primary"
        htmlType="submit"
        loading={upload.isPending}
        disabled={false}
        data-testid="batch-check"
      >
        {t('stock.batch.check')}
      </Button>
    </Form>
  );
}
