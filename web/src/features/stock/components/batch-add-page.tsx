import type { PhoneImport } from '@jiema/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Progress, Result, Space, Spin, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DisabledCountryAlert } from '../../../components/disabled-country-alert';
import { cancelPhoneImport } from '../api/cancel-phone-import';
import { commitPhoneImport } from '../api/commit-phone-import';
import { usePhoneImport } from '../api/get-phone-import';
import { useStockOptions } from '../api/get-stock-options';
import { stockKey } from '../api/keys';
import { BatchAddForm } from './batch-add-form';
import { ImportCounts, ImportLines } from './import-preview';
import { useLocalName, useStockMutation } from './stock-common';

const percent = (done: number, total: number) => (total > 0 ? Math.floor((done / total) * 100) : 0);

/**
 * Batch add: 1. choose country, operator, source and the numbers → 2. the server checks every line
 * (progress from the server) and shows the preview → 3. one atomic import (progress as chunks land)
 * and its result. The import being worked on is in the URL (`?import=12`), so a reload comes back to it.
 */
export default function BatchAddPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const importId = Number(params.get('import')) || null;
  const current = usePhoneImport(importId);
  const data = current.data;

  const open = (created: PhoneImport) => setParams({ import: String(created.id) });
  const reset = () => setParams({});

  const step =
    !data || data.state === 'analysing' || data.state === 'cancelled' ? 0 : data.state === 'ready' ? 1 : 2;

  return (
    <Card title={t('stock.batch.title')} data-testid="batch-add">
      <Steps
        current={step}
        status={data?.state === 'failed' ? 'error' : data?.state === 'completed' ? 'finish' : 'process'}
        style={{ marginBottom: 24 }}
        items={[
          { title: t('stock.batch.stepUpload'), content: t('stock.batch.stepUploadHint') },
          { title: t('stock.batch.stepPreview'), content: t('stock.batch.stepPreviewHint') },
          { title: t('stock.batch.stepImport'), content: t('stock.batch.stepImportHint') },
        ]}
      />
      {importId === null || data?.state === 'cancelled' ? (
        <BatchAddForm onCreated={open} />
      ) : current.isError ? (
        <Result
          status="warning"
          title={t('stock.batch.notFound')}
          extra={<Button onClick={reset}>{t('stock.batch.startOver')}</Button>}
        />
      ) : !data ? (
        <Spin />
      ) : (
        <ImportView current={data} onReset={reset} />
      )}
    </Card>
  );
}

function ImportView({ current, onReset }: { current: PhoneImport; onReset: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const options = useStockOptions('imports');
  const name = useLocalName();
  // The answer (state `importing`) shows the progress view at once; polling takes it from there.
  const commit = useMutation({
    mutationFn: commitPhoneImport,
    onSuccess: (started) => queryClient.setQueryData(stockKey('import', current.id), started),
  });
  const cancel = useStockMutation(cancelPhoneImport, () => onReset());
  const country = options.data?.countries.find((c) => c.code === current.countryCode);

  const summary = (
    <>
      {/* The preview is where the administrator decides: it says the numbers will not be sold yet. */}
      <DisabledCountryAlert country={country} place="batchAddPreview" count={current.validCount} />
      <Descriptions
        size="small"
        column={{ xs: 1, md: 4 }}
        style={{ marginBottom: 16 }}
        data-testid="import-summary"
      >
        <Descriptions.Item label={t('stock.fields.country')}>
          {country
            ? `${country.flag} ${name(country.nameZh, country.nameEn)} (${country.code})`
            : current.countryCode}
        </Descriptions.Item>
        <Descriptions.Item label={t('stock.fields.operator')}>
          {current.operatorName ?? t('stock.anyOperator')}
        </Descriptions.Item>
        <Descriptions.Item label={t('stock.fields.source')}>{current.source}</Descriptions.Item>
        <Descriptions.Item label={t('stock.fields.file')}>{current.fileName}</Descriptions.Item>
      </Descriptions>
    </>
  );

  if (current.state === 'analysing') {
    return (
      <>
        {summary}
        <Typography.Paragraph>{t('stock.batch.analysing')}</Typography.Paragraph>
        <Progress
          percent={percent(current.processedLines, current.totalLines)}
          status="active"
          data-testid="analyse-progress"
        />
        <Typography.Text type="secondary" data-testid="analyse-progress-text">
          {t('stock.batch.linesChecked', {
            done: current.processedLines.toLocaleString(),
            total: current.totalLines.toLocaleString(),
          })}
        </Typography.Text>
      </>
    );
  }

  if (current.state === 'ready') {
    return (
      <>
        {summary}
        <ImportCounts current={current} />
        <ImportLines current={current} options={options.data} />
        <Space wrap style={{ marginTop: 8 }}>
          <Button
            type="primary"
            disabled={current.validCount === 0}
            loading={commit.isPending}
            onClick={() => commit.mutate(current.id)}
            data-testid="import-commit"
          >
            {t('stock.batch.import', { count: current.validCount })}
          </Button>
          <Button
            loading={cancel.isPending}
            onClick={() => cancel.mutate(current.id)}
            data-testid="import-cancel"
          >
            {t('stock.batch.startOver')}
          </Button>
          {current.validCount === 0 && (
            <Typography.Text type="warning">{t('stock.batch.nothingToAdd')}</Typography.Text>
          )}
        </Space>
      </>
    );
  }

  if (current.state === 'importing') {
    return (
      <>
        {summary}
        <ImportCounts current={current} />
        <Typography.Paragraph style={{ marginTop: 24 }}>
          <Spin size="small" style={{ marginRight: 8 }} />
          {t('stock.batch.importing', { count: current.validCount })}
        </Typography.Paragraph>
        <Progress
          percent={percent(current.writtenLines, current.totalLines)}
          status="active"
          data-testid="import-progress"
        />
        <Typography.Text type="secondary">
          {t('stock.batch.linesWritten', {
            done: current.writtenLines.toLocaleString(),
            total: current.totalLines.toLocaleString(),
          })}{' '}
          {t('stock.batch.atomicHint')}
        </Typography.Text>
      </>
    );
  }

  if (current.state === 'failed') {
    const canRetry = current.processedLines === current.totalLines && current.validCount > 0;
    return (
      <>
        {summary}
        <Result
          status="error"
          title={t('stock.batch.failed')}
          subTitle={current.error}
          extra={
            <Space>
              {canRetry && (
                <Button
                  type="primary"
                  loading={commit.isPending}
                  onClick={() => commit.mutate(current.id)}
                  data-testid="import-retry"
                >
                  {t('stock.batch.retry')}
                </Button>
              )}
              <Button onClick={() => cancel.mutate(current.id)}>{t('stock.batch.startOver')}</Button>
            </Space>
          }
        />
      </>
    );
  }

  // completed
  return (
    <>
      {summary}
      <Result
        status="success"
        title={t('stock.batch.done', { count: current.addedCount ?? 0 })}
        subTitle={
          current.skippedCount
            ? t('stock.batch.doneSkipped', { count: current.skippedCount })
            : t('stock.batch.doneHint', { total: current.totalLines })
        }
        data-testid="import-done"
        extra={
          <Space wrap>
            <Button
              type="primary"
              onClick={() => navigate(`/dashboard/admin/phone-numbers?addRecordId=${current.addRecordId}`)}
              data-testid="import-view-numbers"
            >
              {t('stock.batch.viewNumbers')}
            </Button>
            <Button onClick={() => navigate('/dashboard/admin/add-phone-records')}>
              {t('menu.addPhoneRecords')}
            </Button>
            <Button onClick={onReset}>{t('stock.batch.addMore')}</Button>
          </Space>
        }
      />
    </>
  );
}
