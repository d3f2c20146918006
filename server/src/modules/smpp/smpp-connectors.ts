import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { touchGateway } from '../inbound/gateways.repository';
import { ingestSms } from '../inbound/ingest';
import { listSmppConnectors, saveSmppState } from './smpp-gateways.repository';
import { SmppSupervisor } from './supervisor';

/**
 * The supervisor of the SMPP gateways: each enabled, configured gateway of kind `smpp` gets a bind in
 * exactly one server process, and every deliver_sm enters the inbound path like a webhook's SMS
 * (source `smpp:<gatewayId>`), answered once it is committed.
 */
export function createSmppConnectors({
  db,
  databaseUrl,
  pollMs,
  log,
  holderName,
}: {
  db: Db;
  databaseUrl: string | undefined;
  pollMs: number;
  log?: FastifyBaseLogger;
  holderName?: string;
}) {
  return new SmppSupervisor({
    db,
    databaseUrl,
    pollMs,
    log,
    holderName,
    listConnectors: () => listSmppConnectors(db),
    saveState: (connectorId, holder, state) => saveSmppState(db, connectorId, holder, state),
    handlersFor: (connectorId) => {
      const gatewayId = Number(connectorId);
      return {
        async onMessage(sms) {
          await ingestSms(db, {
            gatewayId,
            source: `smpp:${gatewayId}`,
            externalId: sms.externalId,
            to: sms.to,
            from: sms.from,
            text: sms.text,
            receivedAt: sms.receivedAt,
          });
          await touchGateway(db, gatewayId);
        },
        // Receipts are for sent messages: mass SMS (issue 11) matches them to its queue. Until then
        // they are acknowledged (counted in the live state), so the SMSC does not resend them.
        async onReceipt() {},
      };
    },
  });
}
