import type { ComponentType } from 'react';
import { MyTicketsBadge, StaffTicketsBadge } from '../features/tickets/components/menu-badges';

/**
 * Counters shown beside sidebar entries, by menu key. Each is rendered only while its entry is
 * visible to the user (so only with the entry's permission) and asks the server for its count.
 */
export const MENU_BADGES: Record<string, ComponentType> = {
  // the groups too, so a closed group still shows there is news inside
  support: MyTicketsBadge,
  workOrderRecord: MyTicketsBadge,
  ticketManagement: StaffTicketsBadge,
  ticketManage: StaffTicketsBadge,
};
