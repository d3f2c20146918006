import { z } from 'zod';

/**
 * The administrator's first-sale checklist on the overview (issue 14): each step is ticked from the
 * real state of the database, and links to the screen that does it. Once a first order exists the
 * checklist is done and the overview hides it.
 */
export const SETUP_STEPS = ['country', 'application', 'price', 'stock', 'gateway', 'depositPool'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** The dashboard screen of each step. */
export const SETUP_STEP_PATHS: Record<SetupStep, string> = {
  country: '/dashboard/admin/country-manage',
  application: '/dashboard/admin/application-manage',
  price: '/dashboard/admin/api-options-manage',
  stock: '/dashboard/admin/phone-numbers/batch-add',
  gateway: '/dashboard/admin/gateways',
  depositPool: '/dashboard/admin/tron-address-manage',
};

export const ZSetupChecklist = z.object({
  steps: z.array(z.object({ step: z.enum(SETUP_STEPS), done: z.boolean() })),
  /** A first order exists: the checklist has served its purpose. */
  firstSale: z.boolean(),
  /** Free numbers of disabled countries: in stock, yet never on sale until the country is enabled. */
  numbersInDisabledCountries: z.number().int(),
});
export type SetupChecklist = z.infer<typeof ZSetupChecklist>;
