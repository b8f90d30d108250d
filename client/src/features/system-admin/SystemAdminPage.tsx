import { Stack, Tabs } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useState, type ReactNode } from 'react';
import { LuActivity, LuBoxes, LuCpu, LuHeartPulse, LuRadioTower, LuShieldCheck, LuShieldX, LuTv } from 'react-icons/lu';
import { isSuperAdminRole } from '../../app/nav-links';
import { EmptyState } from '../../components/EmptyState';
import { PageHeading } from '../../components/PageHeading';
import { SysCountriesDocument } from '../../gql/graphql';
import { TEXTS } from './texts';
import type { CountryOption } from '../../components/country/CountryFields';
import { useAuth } from '../auth/AuthProvider';
import { lazyNamed, PanelLoading } from '../../components/lazy';
import { TabStrip } from '../../components/TabStrip';

const ActivityTab = lazyNamed(() => import('../monitoring/ActivityTab'), 'ActivityTab', <PanelLoading />);
const SystemHealthTab = lazyNamed(() => import('../monitoring/SystemHealthTab'), 'SystemHealthTab', <PanelLoading />);
const ChannelsTab = lazyNamed(() => import('./channels/ChannelsTab'), 'ChannelsTab', <PanelLoading />);
const AdtechGroupsTab = lazyNamed(() => import('./groups/AdtechGroupsTab'), 'AdtechGroupsTab', <PanelLoading />);
const OrgsTab = lazyNamed(() => import('./orgs/OrgsTab'), 'OrgsTab', <PanelLoading />);
const SuperAdminTab = lazyNamed(() => import('./super-admin/SuperAdminTab'), 'SuperAdminTab', <PanelLoading />);

interface SystemTab {
  id: string;
  label: string;
  icon: ReactNode;
  render(countries: readonly CountryOption[]): ReactNode;
}

/** The /system-admin tabs in the spec's order (spec 2); Broadcasters is the default. */
export const SYSTEM_TABS: SystemTab[] = [
  {
    id: 'broadcasters',
    label: 'Broadcasters',
    icon: <LuTv />,
    render: (c) => <OrgsTab kind="broadcaster" countries={c} />,
  },
  { id: 'adtech', label: 'AdTech', icon: <LuCpu />, render: (c) => <OrgsTab kind="adtech" countries={c} /> },
  { id: 'channels', label: 'Channels', icon: <LuRadioTower />, render: () => <ChannelsTab /> },
  { id: 'adtech-groups', label: 'AdTech Groups', icon: <LuBoxes />, render: () => <AdtechGroupsTab /> },
  { id: 'activity', label: 'Activity', icon: <LuActivity />, render: () => <ActivityTab /> },
  { id: 'super-admin', label: 'Super Admin', icon: <LuShieldCheck />, render: (c) => <SuperAdminTab countries={c} /> },
  { id: 'system-health', label: 'System Health', icon: <LuHeartPulse />, render: () => <SystemHealthTab /> },
];

/** /system-admin: the super admin's screens; everyone else reads 'Access Denied' (spec 2). */
export default function SystemAdminPage() {
  const { user } = useAuth();
  const allowed = isSuperAdminRole(user?.role);
  const [tab, setTab] = useState(SYSTEM_TABS[0].id);
  const countries = useQuery(SysCountriesDocument, { skip: !allowed, context: { silent: true } });
  if (!allowed) {
    return <EmptyState icon={<LuShieldX />} title={TEXTS.accessDenied} description={TEXTS.noSystemAccess} />;
  }
  const list = countries.data?.countries ?? [];
  return (
    <Stack gap="4">
      <PageHeading>System administration</PageHeading>
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} lazyMount unmountOnExit variant="line">
        <TabStrip value={tab}>
          {SYSTEM_TABS.map((t) => (
            <Tabs.Trigger key={t.id} value={t.id} flexShrink={0}>
              {t.icon}
              {t.label}
            </Tabs.Trigger>
          ))}
        </TabStrip>
        {SYSTEM_TABS.map((t) => (
          <Tabs.Content key={t.id} value={t.id} pt="4">
            {t.render(list)}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}
