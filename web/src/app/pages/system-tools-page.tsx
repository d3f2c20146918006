import { hasPermission } from '@jiema/shared';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MaintenancePanel } from '../../features/admin-tools/components/maintenance-panel';
import { PatternTesterPanel } from '../../features/admin-tools/components/pattern-tester-panel';
import { AuditLogPanel } from '../../features/audit/components/audit-log-panel';
import { ReconciliationPanel } from '../../features/finance/components/reconciliation-panel';
import { useSession } from '../../lib/session-store';

const TABS = ['reconciliation', 'audit', 'patterns', 'maintenance'] as const;

/**
 * Composed here, in the app layer, because its tabs come from four features (audit, finance,
 * admin-tools), which do not import each other.
 *
 * Spec §2 admin/tools, one tab each (kept in the URL): the ledger reconciliation, the audit-log
 * viewer, the code-extraction pattern tester, and maintenance (expiry sweep now, settings export,
 * the way to the test inbound SMS).
 */
export default function SystemToolsPage() {
  const { t } = useTranslation();
  const { userType, permissions } = useSession();
  const canEdit = hasPermission(
    { userType: userType ?? 3, permissions: permissions ?? [] },
    'admin:tools:edit',
  );
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
        { key: 'patterns', label: t('admin-tools.tabs.patterns'), children: <PatternTesterPanel /> },
        {
          key: 'maintenance',
          label: t('admin-tools.tabs.maintenance'),
          children: <MaintenancePanel canEdit={canEdit} />,
        },
      ]}
      data-testid="system-tools"
    />
  );
}
