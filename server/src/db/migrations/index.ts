import foundation from './0001-foundation';
import ledgerAudit from './0002-ledger-audit';
import catalog from './0003-catalog';
import stock from './0004-stock';
import content from './0005-content';
import store from './0006-store';
import renewals from './0007-renewals';
import transfersGroups from './0008-transfers-groups';
import smsHistoryIndexes from './0009-sms-history-indexes';
import authNotify from './0010-auth-notify';
import oneStatementPurchase from './0011-one-statement-purchase';
import codeSettings from './0012-code-settings';
import authAbuseLimits from './0013-auth-abuse-limits';
import inboundGateways from './0017-inbound-gateways';
import codeDelivery from './0022-code-delivery';
import codeLinkLimits from './0023-code-link-limits';
import usdtDeposits from './0025-usdt-deposits';
import tickets from './0028-tickets';
import compat from './0030-compat';
import compatTriggers from './0031-compat-triggers';
import demoMode from './0032-demo-mode';
import smsTemplates from './0040-sms-templates';
import massSms from './0045-mass-sms';
import reportIndexes from './0050-report-indexes';
import announcementReads from './0055-announcement-reads';
import oneSmsTrigger from './0070-one-sms-trigger';
import codeLinkCache from './0071-code-link-cache';
import emailTokens from './0075-email-tokens';
import reportRollups from './0080-report-rollups';
import reportLoginIndexes from './0081-report-login-indexes';
import smsStatementTrigger from './0085-sms-statement-trigger';
import durableReceipts from './0090-durable-receipts';
import connectorSendRates from './0091-connector-send-rates';
import loginIpCoveringIndex from './0095-login-ip-covering-index';
import massSmsQueueOrder from './0096-mass-sms-queue-order';
import receiptOnMessage from './0097-receipt-on-message';
import outboundCampaignCascade from './0098-outbound-campaign-cascade';
import outboundFillfactor from './0099-outbound-fillfactor';
import webhookQueueOrder from './0100-webhook-queue-order';
import webhookErrorsPlain from './0101-webhook-errors-plain';
import loginCheckSlots from './0105-login-check-slots';
import refusalAggregates from './0106-refusal-aggregates';
import eventTicketSession from './0107-event-ticket-session';
import upstreamProviders from './0120-upstream-providers';
import depositTransferEvents from './0140-deposit-transfer-events';
import hdDepositAddresses from './0141-hd-deposit-addresses';
import seededCodePatterns from './0150-seeded-code-patterns';
import simFarmAgents from './0160-sim-farm-agents';
import retention from './0170-retention';
import upstreamPriceRules from './0180-upstream-price-rules';
import upstreamWebhooks from './0190-upstream-webhooks';
import agentKeyAnnounce from './0200-agent-key-announce';
import upstreamRequestRef from './0210-upstream-request-ref';
import upstreamCostReconciliation from './0220-upstream-cost-reconciliation';
import rowCounts from './0230-row-counts';
import cooldownIndex from './0240-cooldown-index';
import stockCounts from './0250-stock-counts';
import phoneImportChunks from './0260-phone-import-chunks';
import rentalsAnalyzedOften from './0270-rentals-analyzed-often';

/** Forward-only migrations, applied in order; an id is never reused or edited once released. */
export const MIGRATIONS: ReadonlyArray<{ id: string; sql: string }> = [
  { id: '0001-foundation', sql: foundation },
  { id: '0002-ledger-audit', sql: ledgerAudit },
  { id: '0003-catalog', sql: catalog },
  { id: '0004-stock', sql: stock },
  { id: '0005-content', sql: content },
  { id: '0006-store', sql: store },
  { id: '0007-renewals', sql: renewals },
  { id: '0008-transfers-groups', sql: transfersGroups },
  { id: '0009-sms-history-indexes', sql: smsHistoryIndexes },
  { id: '0010-auth-notify', sql: authNotify },
  { id: '0011-one-statement-purchase', sql: oneStatementPurchase },
  { id: '0012-code-settings', sql: codeSettings },
  { id: '0013-auth-abuse-limits', sql: authAbuseLimits },
  { id: '0017-inbound-gateways', sql: inboundGateways },
  { id: '0022-code-delivery', sql: codeDelivery },
  { id: '0023-code-link-limits', sql: codeLinkLimits },
  { id: '0025-usdt-deposits', sql: usdtDeposits },
  { id: '0028-tickets', sql: tickets },
  { id: '0030-compat', sql: compat },
  { id: '0031-compat-triggers', sql: compatTriggers },
  { id: '0032-demo-mode', sql: demoMode },
  { id: '0040-sms-templates', sql: smsTemplates },
  { id: '0045-mass-sms', sql: massSms },
  { id: '0050-report-indexes', sql: reportIndexes },
  { id: '0055-announcement-reads', sql: announcementReads },
  { id: '0070-one-sms-trigger', sql: oneSmsTrigger },
  { id: '0071-code-link-cache', sql: codeLinkCache },
  { id: '0075-email-tokens', sql: emailTokens },
  { id: '0080-report-rollups', sql: reportRollups },
  { id: '0081-report-login-indexes', sql: reportLoginIndexes },
  { id: '0085-sms-statement-trigger', sql: smsStatementTrigger },
  { id: '0090-durable-receipts', sql: durableReceipts },
  { id: '0091-connector-send-rates', sql: connectorSendRates },
  { id: '0095-login-ip-covering-index', sql: loginIpCoveringIndex },
  { id: '0096-mass-sms-queue-order', sql: massSmsQueueOrder },
  { id: '0097-receipt-on-message', sql: receiptOnMessage },
  { id: '0098-outbound-campaign-cascade', sql: outboundCampaignCascade },
  { id: '0099-outbound-fillfactor', sql: outboundFillfactor },
  { id: '0100-webhook-queue-order', sql: webhookQueueOrder },
  { id: '0101-webhook-errors-plain', sql: webhookErrorsPlain },
  { id: '0105-login-check-slots', sql: loginCheckSlots },
  { id: '0106-refusal-aggregates', sql: refusalAggregates },
  { id: '0107-event-ticket-session', sql: eventTicketSession },
  { id: '0120-upstream-providers', sql: upstreamProviders },
  { id: '0140-deposit-transfer-events', sql: depositTransferEvents },
  { id: '0141-hd-deposit-addresses', sql: hdDepositAddresses },
  { id: '0150-seeded-code-patterns', sql: seededCodePatterns },
  { id: '0160-sim-farm-agents', sql: simFarmAgents },
  { id: '0170-retention', sql: retention },
  { id: '0180-upstream-price-rules', sql: upstreamPriceRules },
  { id: '0190-upstream-webhooks', sql: upstreamWebhooks },
  { id: '0200-agent-key-announce', sql: agentKeyAnnounce },
  { id: '0210-upstream-request-ref', sql: upstreamRequestRef },
  { id: '0220-upstream-cost-reconciliation', sql: upstreamCostReconciliation },
  { id: '0230-row-counts', sql: rowCounts },
  { id: '0240-cooldown-index', sql: cooldownIndex },
  { id: '0250-stock-counts', sql: stockCounts },
  { id: '0260-phone-import-chunks', sql: phoneImportChunks },
  { id: '0270-rentals-analyzed-often', sql: rentalsAnalyzedOften },
];
