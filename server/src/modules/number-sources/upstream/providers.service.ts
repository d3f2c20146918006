import type {
  UpstreamMapping,
  UpstreamMappingOverride,
  UpstreamProvider,
  UpstreamProviderCreate,
  UpstreamProviderState,
  UpstreamProviderUpdate,
  UpstreamTestResult,
} from '@jiema/shared';
import { fromMicros, toMicros } from '@jiema/shared';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { checkOutboundUrl } from '../../../lib/outbound/public-address';
import { type Actor, audit } from '../../audit/audit';
import { mappedRef, refreshProvider } from './offers-refresh';
import { ProviderError } from './provider-client';
import { providerWebhookPath } from './provider-webhook';
import {
  codesOf,
  findProvider,
  insertProvider,
  listProviders,
  type ProviderRow,
  type ProviderWrite,
  setOverride,
  updateProvider,
} from './providers.repository';
import { isWarning, listDiscrepancies, reconciliationOf } from './reconciliation.service';
import { rateOf, successRates } from './success-rates';

const ENTITY = 'upstream_provider';
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const hint = (key: string) => `••••${key.slice(-4)}`;
const NONE = '0.000000';

type Counters = {
  requests: number;
  errors: number;
  requests_hour: number;
  errors_hour: number;
  open: number;
  offers: number;
  unmapped: number;
};

function toView(p: ProviderRow, c: Counters, discrepancy: string): UpstreamProvider {
  return {
    id: p.id,
    name: p.name,
    protocol: p.protocol,
    baseUrl: p.base_url,
    apiKeyHint: hint(p.api_key),
    webhookPath: p.protocol === 'sms-activate' ? providerWebhookPath(p.id, p.webhook_secret) : null,
    currency: p.currency,
    rateToUsdt: p.rate_to_usdt,
    marginPercent: p.margin_percent,
    marginFixed: p.margin_fixed,
    priceCeiling: p.price_ceiling,
    enabled: p.enabled,
    priority: p.priority,
    lowBalance: p.low_balance,
    balance: p.balance,
    balanceLow: p.balance !== null && toMicros(p.balance) < toMicros(p.low_balance),
    balanceAt: iso(p.balance_at),
    lastError: p.last_error,
    lastErrorAt: iso(p.last_error_at),
    breakerOpenUntil:
      p.breaker_open_until && new Date(p.breaker_open_until).getTime() > Date.now()
        ? iso(p.breaker_open_until)
        : null,
    offersRefreshedAt: iso(p.offers_refreshed_at),
    requestsPerMinute: c.requests,
    errorsPerMinute: c.errors,
    requestsLastHour: c.requests_hour,
    errorsLastHour: c.errors_hour,
    openActivations: c.open,
    offers: c.offers,
    unmapped: c.unmapped,
    discrepancy,
    discrepancyWarning: isWarning(discrepancy, p.rate_to_usdt),
  };
}

const writeOf = (input: UpstreamProviderCreate | UpstreamProviderUpdate): ProviderWrite => ({
  name: input.name,
  protocol: input.protocol,
  baseUrl: input.baseUrl,
  currency: input.currency,
  rateToUsdt: input.rateToUsdt,
  marginPercent: input.marginPercent,
  marginFixed: input.marginFixed,
  priceCeiling: input.priceCeiling,
  enabled: input.enabled,
  priority: input.priority,
  lowBalance: input.lowBalance,
});

/** Administrators' management of the upstream providers: add, edit, test, mappings and state. */
export function createUpstreamProvidersService({ db, config }: { db: Db; config: Pick<Config, 'upstream'> }) {
  const checkUrl = (url: string) => {
    try {
      checkOutboundUrl(url, config.upstream.allowPrivate);
    } catch {
      throw new AppError('UPSTREAM_URL_BLOCKED');
    }
  };

  async function counters(): Promise<Map<number, Counters>> {
    const rows = await db.query<Counters & { id: number }>(
      `select p.id,
         coalesce((select sum(s.requests) from upstream_request_stats s where s.provider_id = p.id
           and s.minute >= date_trunc('minute', now()) - interval '1 minute'), 0)::int as requests,
         coalesce((select sum(s.errors) from upstream_request_stats s where s.provider_id = p.id
           and s.minute >= date_trunc('minute', now()) - interval '1 minute'), 0)::int as errors,
         coalesce((select sum(s.requests) from upstream_request_stats s where s.provider_id = p.id
           and s.minute > now() - interval '1 hour'), 0)::int as requests_hour,
         coalesce((select sum(s.errors) from upstream_request_stats s where s.provider_id = p.id
           and s.minute > now() - interval '1 hour'), 0)::int as errors_hour,
         (select count(*) from upstream_activations a where a.provider_id = p.id and a.state = 'active')::int as open,
         (select count(*) from upstream_offers o where o.provider_id = p.id)::int as offers,
         (select count(*) from upstream_codes c where c.provider_id = p.id
           and coalesce(c.override_ref, c.auto_ref, '') = '')::int as unmapped
       from upstream_providers p`,
    );
    return new Map(rows.map((r) => [r.id, r]));
  }

  const mustFind = async (id: number) => {
    const p = await findProvider(db, id);
    if (!p) throw new AppError('UPSTREAM_PROVIDER_NOT_FOUND');
    return p;
  };

  async function view(id: number) {
    const p = await mustFind(id);
    return toView(
      p,
      (await counters()).get(id) ?? {
        requests: 0,
        errors: 0,
        requests_hour: 0,
        errors_hour: 0,
        open: 0,
        offers: 0,
        unmapped: 0,
      },
      (await listDiscrepancies(db)).get(id) ?? NONE,
    );
  }

  return {
    async list() {
      const [rows, c, d] = await Promise.all([listProviders(db), counters(), listDiscrepancies(db)]);
      return rows.map((p) => toView(p, c.get(p.id)!, d.get(p.id) ?? NONE));
    },

    get: view,

    async create(actor: Actor, input: UpstreamProviderCreate) {
      checkUrl(input.baseUrl);
      const id = await db.transaction(async (tx) => {
        const id = await insertProvider(tx, writeOf(input), input.apiKey);
        if (id === null) throw new AppError('UPSTREAM_PROVIDER_NAME_TAKEN');
        await audit(tx, actor, {
          action: 'create',
          entity: ENTITY,
          entityId: id,
          after: { ...writeOf(input) },
        });
        return id;
      });
      return view(id);
    },

    async update(actor: Actor, id: number, input: UpstreamProviderUpdate) {
      checkUrl(input.baseUrl);
      await db.transaction(async (tx) => {
        const before = await findProvider(tx, id, true);
        if (!before) throw new AppError('UPSTREAM_PROVIDER_NOT_FOUND');
        if (!(await updateProvider(tx, id, writeOf(input), input.apiKey ?? null)))
          throw new AppError('UPSTREAM_PROVIDER_NAME_TAKEN');
        const { api_key: _k, ...shown } = before;
        await audit(tx, actor, {
          action: 'update',
          entity: ENTITY,
          entityId: id,
          before: shown,
          after: { ...writeOf(input), apiKeyChanged: input.apiKey !== undefined },
        });
      });
      return view(id);
    },

    /** "Test": balance and latency, then the price list read again (mapping and offers). */
    async test(id: number): Promise<UpstreamTestResult> {
      const p = await mustFind(id);
      const started = performance.now();
      try {
        const result = await refreshProvider(db, config, p);
        return {
          balance: result.balance,
          latencyMs: Math.round(performance.now() - started),
          offers: result.offers,
        };
      } catch (error) {
        const reason = error instanceof ProviderError ? error.message : String(error);
        throw new AppError('UPSTREAM_TEST_FAILED', { reason });
      }
    },

    async mappings(id: number): Promise<UpstreamMapping[]> {
      await mustFind(id);
      return (await codesOf(db, id)).map((c) => ({
        kind: c.kind,
        code: c.code,
        autoRef: c.auto_ref,
        overrideRef: c.override_ref,
        effectiveRef: mappedRef(c),
      }));
    },

    async override(actor: Actor, id: number, input: UpstreamMappingOverride) {
      await mustFind(id);
      if (input.ref) {
        const exists =
          input.kind === 'service'
            ? /^\d{1,9}$/.test(input.ref) &&
              (await db.query('select 1 from applications where id = $1', [Number(input.ref)])).length > 0
            : (await db.query('select 1 from countries where code = $1', [input.ref.toUpperCase()])).length >
              0;
        if (!exists) throw new AppError('UPSTREAM_MAPPING_TARGET_UNKNOWN');
      }
      const ref = input.ref && input.kind === 'country' ? input.ref.toUpperCase() : input.ref;
      await db.transaction(async (tx) => {
        if (!(await setOverride(tx, id, input.kind, input.code, ref)))
          throw new AppError('UPSTREAM_CODE_NOT_FOUND');
        await audit(tx, actor, { action: 'map', entity: ENTITY, entityId: id, after: { ...input, ref } });
      });
      return this.mappings(id);
    },

    /** The cost ledger reconciled against the balances read, over the last `days` days. */
    async reconciliation(id: number, days: number) {
      return reconciliationOf(db, config, id, days);
    },

    async state(id: number): Promise<UpstreamProviderState> {
      await mustFind(id);
      const [rates, [costs], recent] = await Promise.all([
        // The same numbers the routing uses (success-rates.ts).
        successRates(db, { providerId: id }),
        db.query<{ paid: string; refunded: string; revenue: string }>(
          `select coalesce((select sum(amount_usdt) from upstream_cost_entries where provider_id = $1 and kind = 'paid'), 0)::text as paid,
             coalesce((select sum(amount_usdt) from upstream_cost_entries where provider_id = $1 and kind = 'refunded'), 0)::text as refunded,
             coalesce((select sum(a.price - coalesce(r.refund_amount, 0)) from upstream_activations a
               join rentals r on r.id = a.rental_id where a.provider_id = $1), 0)::text as revenue`,
          [id],
        ),
        db.query<{
          id: number;
          upstream_id: string | null;
          phone_number: string | null;
          state: string;
          outcome: string | null;
          cost_usdt: string | null;
          price: string | null;
          order_id: number | null;
          created_at: Date;
        }>(
          `select id, upstream_id, phone_number, state, outcome, cost_usdt::text as cost_usdt, price::text as price, order_id, created_at
           from upstream_activations where provider_id = $1 order by id desc limit 50`,
          [id],
        ),
      ]);
      const net = toMicros(costs!.paid) - toMicros(costs!.refunded);
      const fmt = fromMicros;
      return {
        successRates: rates.map((r) => ({
          applicationId: r.application_id,
          applicationCode: r.application_code,
          countryCode: r.country_code.trim(),
          ended: r.ended,
          delivered: r.delivered,
          rate: rateOf(r.ended, r.delivered) ?? 0,
          endedLastHour: r.ended_hour,
          rateLastHour: rateOf(r.ended_hour, r.delivered_hour),
        })),
        costs: {
          paid: fmt(toMicros(costs!.paid)),
          refunded: fmt(toMicros(costs!.refunded)),
          revenue: fmt(toMicros(costs!.revenue)),
          margin: fmt(toMicros(costs!.revenue) - net),
        },
        recent: recent.map((r) => ({
          id: r.id,
          upstreamId: r.upstream_id,
          phoneNumber: r.phone_number,
          state: r.state,
          outcome: r.outcome,
          costUsdt: r.cost_usdt,
          price: r.price,
          orderId: r.order_id,
          createdAt: new Date(r.created_at).toISOString(),
        })),
      };
    },
  };
}
