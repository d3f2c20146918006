import { countSmsSegments, type SegmentCount } from '@jiema/shared';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Live count of a text: encoding, length in its units and SMS parts (the same count the server bills). */
export function SegmentInfo({ text, testId }: { text: string; testId?: string }) {
  return <SegmentSummary count={countSmsSegments(text)} testId={testId} />;
}

/**
 * A count already made (the server's, for a message it previewed): encoding, units and parts, and the
 * characters that forced UCS-2 when the count names them.
 */
export function SegmentSummary({
  count,
  testId,
}: {
  count: Pick<SegmentCount, 'encoding' | 'units' | 'segments'> &
    Partial<Pick<SegmentCount, 'nonGsmCharacters'>>;
  testId?: string;
}) {
  const { t } = useTranslation();
  const nonGsm = count.nonGsmCharacters ?? [];
  return (
    <Space wrap size={4} data-testid={testId}>
      <Tag color={count.encoding === 'gsm7' ? 'blue' : 'orange'}>
        {count.encoding === 'gsm7' ? 'GSM-7' : 'UCS-2'}
      </Tag>
      <Typography.Text type="secondary">
        {t('mass-sms.segments.summary', { units: count.units, segments: count.segments })}
      </Typography.Text>
      {nonGsm.length > 0 && (
        <Typography.Text type="secondary">
          {t('mass-sms.segments.nonGsm', { chars: nonGsm.slice(0, 5).join(' ') })}
        </Typography.Text>
      )}
    </Space>
  );
}
