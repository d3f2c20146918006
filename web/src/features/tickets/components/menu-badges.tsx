import { Badge } from 'antd';
import { useStaffTicketUnread } from '../api/admin-tickets';
import { useMyTicketUnread } from '../api/my-tickets';

const style = { marginInlineStart: 8, boxShadow: 'none' };

/** On "My tickets": replies and status changes of support the customer has not read. */
export function MyTicketsBadge() {
  const unread = useMyTicketUnread(true);
  return (
    <Badge count={unread.data?.messages ?? 0} size="small" style={style} data-testid="menu-badge-tickets" />
  );
}

/** On "Handle tickets": customer messages no staff member has read. */
export function StaffTicketsBadge() {
  const unread = useStaffTicketUnread(true);
  return (
    <Badge
      count={unread.data?.messages ?? 0}
      size="small"
      style={style}
      data-testid="menu-badge-staff-tickets"
    />
  );
}
