import { Badge } from 'antd';
import { useStaffTicketUnread } from '../api/admin-tickets';
import { useMyTicketUnread } from '../api/my-tickets';

const style = { marginInlineStart: 8, boxShadow: 'none' };

/** On "My tickets": replies and status changes of support the customer has not read. */
export function MyTicketsBadge() {
  const count = useMyTicketUnread(true).data?.messages ?? 0;
  // Nothing at all at zero: a collapsed sidebar would otherwise show the badge's leaving "0".
  if (!count) return null;
  return <Badge count={count} size="small" style={style} data-testid="menu-badge-tickets" />;
}

/** On "Handle tickets": customer messages no staff member has read. */
export function StaffTicketsBadge() {
  const count = useStaffTicketUnread(true).data?.messages ?? 0;
  if (!count) return null;
  return <Badge count={count} size="small" style={style} data-testid="menu-badge-staff-tickets" />;
}
