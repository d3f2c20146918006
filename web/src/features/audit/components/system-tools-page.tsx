import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ReconciliationPanel } from '../../finance/components/reconciliation-panel';
import { AuditLogPanel } from './audit-log-panel';

const TABS = ['reconciliation', 'audit'] as const;

/** Spec §2 admin/tools: the ledger reconciliation and the audit-log viewer, one tab each (kept in the URL). */
export default function SystemToolsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active = TABS.find((tab) => tab === requested) ?? 'reconciliation';

  return (
    <Tabs
      activeKey={active}
      onChange={(tab) => setParams(new URLSearchParams({ tab }))}
      destroyOnHidden
      items={[
        { key: 'reconciliation', label: t('audit.tools.reconciliation'), children: <ReconciliationPanel /> },
        { key: 'audit', label: t('audit.tools.audit'), children: <AuditLogPanel /> },
      ]}
      data-testid="system-tools"
    />
  );
}
