/** Spec §1: production builds keep the console quiet (no debug noise or data in users' consoles). */
export function silenceConsoleInProduction() {
  if (!import.meta.env.PROD) return;
  const noop = () => undefined;
  for (const method of ['log', 'info', 'debug', 'warn', 'error', 'trace', 'table'] as const)
    console[method] = noop;
}
