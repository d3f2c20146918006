import { createFinanceService } from '../modules/finance/finance.service';
import { type Command, EXIT } from './command-types';

const SECRET_KEY = /(password|secret|token|apikey|api_key|key)$/i;

/** A URL's password, if any, replaced: `postgres://u:***@host/db`. */
function maskUrl(value: string): string {
  try {
    const url = new URL(value);
    if (!url.password) return value;
    url.password = '***';
    return url.toString();
  } catch {
    return value;
  }
}

/** The configuration with every secret replaced by `***` (set) or left null (unset). */
export function maskedConfig(value: unknown, key = ''): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value === 'string') return SECRET_KEY.test(key) ? '***' : maskUrl(value);
  if (Array.isArray(value)) return value.map((v) => maskedConfig(v));
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskedConfig(v, k)]));
  }
  return value;
}

export const showConfig: Command = {
  name: 'show-config',
  summary: 'print the configuration the server would run with (environment and defaults), secrets masked',
  usage: 'jiema show-config',
  database: 'none',
  async run({ config, output }) {
    output.out(JSON.stringify(maskedConfig(config), null, 2));
    return EXIT.ok;
  },
};

export const reconcile: Command = {
  name: 'reconcile',
  summary:
    "check every balance against the sum of its ledger entries and every SIM-farm agent's earnings against its activations; exit 1 and list what differs",
  usage: 'jiema reconcile [--json]',
  database: 'required',
  async run({ db, output }, args) {
    const result = await createFinanceService({ db }).reconcile();
    if (args.flags.has('json')) output.out(JSON.stringify(result, null, 2));
    else {
      output.out(
        `${result.userCount} balances, ${result.entryCount} ledger entries: balances ${result.totalBalance}, entries ${result.totalEntries}.`,
      );
      if (result.mismatchCount === 0) output.out('Every balance equals the sum of its entries.');
      for (const m of result.mismatches) {
        output.out(
          `MISMATCH user ${m.userId} (${m.username}): balance ${m.balance}, entries ${m.entrySum} (${m.entryCount}), difference ${m.difference}`,
        );
      }
      if (result.mismatchCount > result.mismatches.length) {
        output.out(`… and ${result.mismatchCount - result.mismatches.length} more`);
      }
      const a = result.agents;
      output.out(
        `${a.agentCount} SIM-farm agents, ${a.entryCount} earnings entries (USDT): credited ${a.credited}, reversed ${a.reversed}, paid out ${a.paidOut}, owed ${a.owed}.`,
      );
      if (a.mismatchCount === 0) output.out("Every agent's earnings agree with its activations.");
      for (const m of a.mismatches) {
        output.out(
          `MISMATCH agent ${m.agentId} (${m.agentName})${m.activationId === null ? '' : ` activation ${m.activationId}`}: ${m.problem}, expected ${m.expected}, found ${m.actual}`,
        );
      }
      if (a.mismatchCount > a.mismatches.length)
        output.out(`… and ${a.mismatchCount - a.mismatches.length} more`);
    }
    return result.mismatchCount === 0 && result.agents.mismatchCount === 0 ? EXIT.ok : EXIT.failed;
  },
};
