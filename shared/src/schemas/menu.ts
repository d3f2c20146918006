import { z } from 'zod';
import type { MenuEntry } from '../menu';

export const ZMenuEntry: z.ZodType<MenuEntry> = z.lazy(() =>
  z.object({
    key: z.string(),
    titleKey: z.string(),
    path: z.string().optional(),
    icon: z.string().optional(),
    userTypes: z.array(z.union([z.literal(1), z.literal(2), z.literal(3)])).optional(),
    permission: z.string().optional(),
    hidden: z.boolean().optional(),
    children: z.array(ZMenuEntry).optional(),
  }),
);
