import { Stack, Tabs } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useState, type ReactNode } from 'react';
import { LuBriefcase, LuBuilding2, LuKeyRound, LuUsers } from 'react-icons/lu';
import { type Actor, isAdmin, isSuperAdmin } from '@infinitum/rules';
import { PageHeading } from '../../components/PageHeading';
import { AdminReferenceDocument, type AdminReferenceQuery } from '../../gql/graphql';
import { useAuth } from '../auth/AuthProvider';
import type { SessionUser } from '../auth/session-store';
import { actorOf, can, defaultTab, preferredAdminTab } from './access';
import { lazyNamed, PanelLoading } from '../../components/lazy';
import { TabStrip } from '../../components/TabStrip';

const AgenciesTab = lazyNamed(() => import('./agencies/AgenciesTab'), 'AgenciesTab', <PanelLoading />);
const ClientsTab = lazyNamed(() => import('./clients/ClientsTab'), 'ClientsTab', <PanelLoading />);
const UsersTab = lazyNamed(() => import('./users/UsersTab'), 'UsersTab', <PanelLoading />);
const ApiKeysTab = lazyNamed(() => import('../api-keys/ApiKeysTab'), 'ApiKeysTab', <PanelLoading />);

interface TabContext {
  actor: Actor;
  user: SessionUser;
  reference: AdminReferenceQuery | undefined;
}

interface AdminTab {
  id: string;
  label: string;
  icon: ReactNode;
  shown(actor: Actor): boolean;
  render(ctx: TabContext): ReactNode;
}

/** The /admin tabs (spec 2), each shown only to those who may manage it (spec 6). One line more per tab. */
export const ADMIN_TABS: AdminTab[] = [
  {
    id: 'users',
    label: 'Users',
    icon: <LuUsers />,
    shown: can.manageUsers,
    render: (c) => <UsersTab actor={c.actor} />,
  },
  {
    id: 'agencies',
    label: 'Agencies',
    icon: <LuBuilding2 />,
    shown: can.manageAgencies,
    render: (c) => <AgenciesTab actor={c.actor} countries={c.reference?.countries ?? []} />,
  },
  {
    id: 'clients',
    label: 'Clients',
    icon: <LuBriefcase />,
    shown: can.manageClients,
    render: (c) => (
      <ClientsTab
        actor={c.actor}
        multiCountry={c.user.country_list.length > 1}
        ownCountries={c.user.country_list}
        countries={c.reference?.countries ?? []}
        taxonomies={c.reference?.taxonomies ?? []}
      />
    ),
  },
  {
    id: 'api-keys',
    label: 'API Keys',
    icon: <LuKeyRound />,
    shown: isAdmin,
    render: (c) => <ApiKeysTab showOwner={isSuperAdmin(c.actor)} />,
  },
];

/** /admin: 'Administrative tools' with Users, Agencies and Clients. */
export default function AdminPage() {
  const { user } = useAuth();
  const actor = user ? actorOf(user) : null;
  const shown = actor ? ADMIN_TABS.filter((t) => t.shown(actor)) : [];
  const first = actor
    ? defaultTab(
        preferredAdminTab(actor),
        shown.map((t) => t.id),
      )
    : undefined;
  const [tab, setTab] = useState<string | undefined>(first);
  const reference = useQuery(AdminReferenceDocument, { skip: !actor, context: { silent: true } });
  if (!user || !actor) return null;
  const value = tab && shown.some((t) => t.id === tab) ? tab : first;
  const ctx: TabContext = { actor, user, reference: reference.data };

  return (
    <Stack gap="4">
      <PageHeading>Administrative tools</PageHeading>
      <Tabs.Root value={value} onValueChange={(e) => setTab(e.value)} lazyMount unmountOnExit variant="line">
        <TabStrip value={value}>
          {shown.map((t) => (
            <Tabs.Trigger key={t.id} value={t.id}>
              {t.icon}
              {t.label}
            </Tabs.Trigger>
          ))}
        </TabStrip>
        {shown.map((t) => (
          <Tabs.Content key={t.id} value={t.id} pt="4">
            {t.render(ctx)}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}
