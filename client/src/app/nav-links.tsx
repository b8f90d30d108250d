import type { IconType } from 'react-icons';
import { LuChartLine, LuLayoutDashboard, LuMegaphone, LuShieldCheck, LuUsers } from 'react-icons/lu';

export interface NavLinkSpec {
  to: string;
  label: string;
  icon: IconType;
  /** Only for the super admin (spec 2: System link). */
  superAdminOnly?: boolean;
}

export const NAV_LINKS: NavLinkSpec[] = [
  { to: '/overview', label: 'Overview', icon: LuLayoutDashboard },
  { to: '/dashboard', label: 'Advanced analytics', icon: LuChartLine },
  { to: '/campaigns', label: 'Campaign management', icon: LuMegaphone },
  { to: '/admin', label: 'Administrative tools', icon: LuUsers },
  { to: '/system-admin', label: 'System administration', icon: LuShieldCheck, superAdminOnly: true },
];

export const isSuperAdminRole = (role: string | undefined) => role === 'ROLE_ADMIN';
