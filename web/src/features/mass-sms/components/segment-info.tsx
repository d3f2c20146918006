import { countSmsSegments } from '@jiema/shared';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Live count of a text: encoding, length in its units and SMS parts (the same count the server bills). */
export function SegmentInfo({ text, testId }: { text: string; testId?: string }) {
  const { t } = useTranslation();
  const count = countSmsSegments(text);
  return (
    <Space wrap size={4} data-testid={testId}>
      <Tag color={count.encoding === 'gsm7' ? 'blue' : 'orange'}>
        {count.encoding === 'gsm7' ? 'GSM-7' : 'UCS-2'}
      </Tag>
      <Typography.Text type="secondary">
        {t('mass-sms.segments.summary', { units: count.units, segments: count.segments })}
      </Typography.Text>
      {count.nonGsmCharacters.length > 0 && (
        <Typography.Text type="secondary">
          {t('mass-sms.segments.nonGsm', { chars: count.nonGsmCharacters.slice(0, 5).join(' ') })}
        </Typography.Text>
      )}
    </Space>
  );
}
