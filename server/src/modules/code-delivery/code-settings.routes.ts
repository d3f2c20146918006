import {
  envelopeOf,
  pagedOf,
  ZCodePatternParams,
  ZCodePatternUpdate,
  ZCodeSettings,
  ZCodeSettingsUpdate,
  ZPageQuery,
  ZUserPatternTest,
  ZUserPatternTestResult,
  ZWebhookDelivery,
  ZWebhookSecret,
} from '@jiema/shared';
import type { App } from '../../app-types';
import type { PatternTestQuota } from '../../lib/pattern-test-quota';
import { ok } from '../../lib/reply';
import type { CodeSettingsService } from './code-settings.service';

const tags = ['code settings'];
const own = { permission: 'api:setting' };

export function registerCodeSettingsRoutes(
  app: App,
  { settings, patternTests }: { settings: CodeSettingsService; patternTests: PatternTestQuota },
) {
  const userId = (request: { user: { record: { id: number } } | null }) => request.user!.record.id;

  app.get(
    '/api/code-settings',
    {
      config: own,
      schema: {
        tags,
        summary: 'My code retrieval settings: answer format, time window, time zone, patterns, webhook',
        response: { 200: envelopeOf(ZCodeSettings) },
      },
    },
    async (request) => ok(request, await settings.get(userId(request))),
  );

  app.put(
    '/api/code-settings',
    {
      config: own,
      schema: {
        tags,
        summary: 'Save the answer format, window, time zone and webhook URL (null or empty: no webhook)',
        description: [
          '**Webhook**: when an SMS with a code reaches one of your rentals, a `POST` with the JSON',
          '`{"event": "code.received", "deliveryId", "smsId", "rentalId", "number", "application", "sender",',
          '"text", "code", "time"}` and the headers `X-Jiema-Event`, `X-Jiema-Delivery`, `X-Jiema-Timestamp`',
          '(Unix seconds) and `X-Jiema-Signature` = `sha256=` + lowercase hex HMAC-SHA256(webhook secret,',
          '`<timestamp>.<raw body>`). Answer 2xx within a few seconds (5 by default); otherwise the delivery',
          'is retried with doubling delays (6 attempts by default). Identify deliveries by `deliveryId`.',
          'Private and reserved network addresses are refused unless the operator allows them. The log is',
          '`GET /api/code-settings/deliveries`;',
          'a new secret comes from `POST /api/code-settings/webhook-secret`.',
        ].join('\n'),
        body: ZCodeSettingsUpdate,
        response: { 200: envelopeOf(ZCodeSettings) },
      },
    },
    async (request) => ok(request, await settings.update(userId(request), request.body)),
  );

  app.post(
    '/api/code-settings/webhook-secret',
    {
      config: own,
      schema: {
        tags,
        summary: 'A new webhook signing secret (the old one stops signing at once)',
        response: { 200: envelopeOf(ZWebhookSecret) },
      },
    },
    async (request) => ok(request, await settings.regenerateSecret(userId(request))),
  );

  app.put(
    '/api/code-settings/patterns/:applicationId',
    {
      config: own,
      schema: {
        tags,
        summary: 'My extraction pattern for one application (RE2 syntax; its first group is the code)',
        params: ZCodePatternParams,
        body: ZCodePatternUpdate,
        response: { 200: envelopeOf(ZCodeSettings) },
      },
    },
    async (request) =>
      ok(
        request,
        await settings.setPattern(
          userId(request),
          request.params.applicationId,
          request.body.pattern,
          request.locale,
        ),
      ),
  );

  app.delete(
    '/api/code-settings/patterns/:applicationId',
    {
      config: own,
      schema: {
        tags,
        summary: 'Remove my pattern for one application',
        params: ZCodePatternParams,
        response: { 200: envelopeOf(ZCodeSettings) },
      },
    },
    async (request) =>
      ok(request, await settings.removePattern(userId(request), request.params.applicationId)),
  );

  app.post(
    '/api/code-settings/pattern-test',
    {
      config: own,
      preHandler: patternTests,
      schema: {
        tags,
        summary: 'Try a pattern on a sample text, matched exactly as received SMS are',
        body: ZUserPatternTest,
        response: { 200: envelopeOf(ZUserPatternTestResult) },
      },
    },
    async (request) =>
      ok(request, settings.testPattern(request.body.pattern, request.body.text, request.locale)),
  );

  app.get(
    '/api/code-settings/deliveries',
    {
      config: own,
      schema: {
        tags,
        summary:
          'My webhook delivery log, newest first: status, attempts, last HTTP status or error, next try',
        querystring: ZPageQuery,
        response: { 200: envelopeOf(pagedOf(ZWebhookDelivery)) },
      },
    },
    async (request) => ok(request, await settings.deliveries(userId(request), request.query)),
  );
}
