import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUntransferable } from '../api/get-untransferable';

/**
 * Which of my open numbers the picker leaves out and why: without it, a customer holding only
 * activations read "no numbers to choose" while the rentals page listed them as active.
 */
export function UntransferableNote() {
  const { t } = useTranslation();
  const counts = useUntransferable().data;
  if (!counts || (counts.activations === 0 && counts.suspended === 0)) return null;
  const lines = [
    counts.activations > 0 && t('transfers.untransferable.activations', { count: counts.activations }),
    counts.suspended > 0 && t('transfers.untransferable.suspended', { count: counts.suspended }),
  ].filter(Boolean);
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      message={t('transfers.untransferable.title')}
      description={lines.map((line) => <div key={String(line)}>{line}</div>)}
      data-testid="transfer-untransferable"
    />
  );
}
