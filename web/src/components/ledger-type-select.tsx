import { LEDGER_TYPES, type LedgerType } from '@jiema/shared';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** A filter over the transaction types of spec §4; empty means all. */
export function LedgerTypeSelect({
  value,
  onChange,
  testId,
}: {
  value: string | undefined;
  onChange: (value: LedgerType | undefined) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Select<LedgerType>
      allowClear
      style={{ width: 150 }}
      placeholder={t('finance.filters.type')}
      value={(value || undefined) as LedgerType | undefined}
      onChange={(v) => onChange(v)}
      options={LEDGER_TYPES.map((type) => ({ value: type, label: t(`finance.types.${type}`) }))}
      data-testid={testId}
    />
  );
}
