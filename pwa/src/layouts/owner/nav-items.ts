import { t } from '@comanda/shared-schema';
import { x } from '../../texts-extra.ts';

export interface OwnerNavItem {
  to: string;
  label: string;
  hint: string;
}

/** The owner screens of spec section 2.3, in the order a venue uses them. */
export const ownerNavItems: readonly OwnerNavItem[] = [
  { to: '/owner/dashboard', label: x.navDashboard, hint: x.navDashboardHint },
  { to: '/owner/room', label: x.navRoom, hint: x.navRoomHint },
  { to: '/owner/tables', label: x.navTables, hint: x.navTablesHint },
  { to: '/owner/menu', label: x.navMenu, hint: x.navMenuHint },
  { to: '/owner/delivery', label: t.deliveries, hint: x.navDeliveryHint },
  { to: '/owner/chat', label: t.chat, hint: x.navChatHint },
  { to: '/owner/report', label: x.navReport, hint: x.navReportHint },
  { to: '/owner/profile', label: x.navProfile, hint: x.navProfileHint },
];
