import { Button, Card, Icon, SimpleGrid, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useState, type ReactNode } from 'react';
import { LuDatabase, LuLink, LuSettings, LuUserPlus } from 'react-icons/lu';
import { SysOrganisationsDocument } from '../../../gql/graphql';
import type { CountryOption } from '../../../components/country/CountryFields';
import { DatabaseOperationsDialog, SystemConfigurationDialog } from './InfoDialogs';
import { lazyNamed } from '../../../components/lazy';

const DirectUserModal = lazyNamed(() => import('./DirectUserModal'), 'DirectUserModal');
const RelationshipModal = lazyNamed(() => import('./RelationshipModal'), 'RelationshipModal');

function Tile(props: {
  title: string;
  description: string;
  icon: ReactNode;
  action: string;
  onClick(): void;
  disabled?: boolean;
  disabledReason?: string;
}) {
  return (
    <Card.Root size="sm" bg="white" data-testid={`tile-${props.title}`}>
      <Card.Body gap="2">
        <Icon fontSize="2xl" color="tint">
          {props.icon}
        </Icon>
        <Text fontWeight="semibold" color="primary">
          {props.title}
        </Text>
        <Text fontSize="sm" color="gray.600">
          {props.disabled && props.disabledReason ? props.disabledReason : props.description}
        </Text>
      </Card.Body>
      <Card.Footer>
        <Button size="sm" colorPalette="brand" disabled={props.disabled} onClick={props.onClick}>
          {props.action}
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

type Open = 'user' | 'relationship' | 'config' | 'database' | null;

/** The Super Admin tab (spec 2): four tiles. */
export function SuperAdminTab({ countries }: { countries: readonly CountryOption[] }) {
  const orgs = useQuery(SysOrganisationsDocument, { context: { silent: true }, fetchPolicy: 'cache-and-network' });
  const [open, setOpen] = useState<Open>(null);
  const broadcasters = orgs.data?.broadcasters.length ?? 0;
  const clients = orgs.data?.customers.length ?? 0;
  const loading = orgs.loading && !orgs.data;
  return (
    <>
      <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4">
        <Tile
          title="Create User Directly"
          description="Create an active user with a preset password in any organisation."
          icon={<LuUserPlus />}
          action="Create User"
          disabled={loading || broadcasters === 0}
          disabledReason={loading ? 'Loading...' : 'Add a broadcaster first.'}
          onClick={() => setOpen('user')}
        />
        <Tile
          title="Manage Relationships"
          description="Relate clients, broadcasters, agencies and adtechs operating in a country."
          icon={<LuLink />}
          action="Create Relationship"
          disabled={loading || broadcasters === 0 || clients === 0}
          disabledReason={loading ? 'Loading...' : 'Add a broadcaster and a client first.'}
          onClick={() => setOpen('relationship')}
        />
        <Tile
          title="System Configuration"
          description="Version, build, environment, settings and defaults of the running system (read-only)."
          icon={<LuSettings />}
          action="View Configuration"
          onClick={() => setOpen('config')}
        />
        <Tile
          title="Database Operations"
          description="Migration state and the size and rows of the largest tables."
          icon={<LuDatabase />}
          action="View Database"
          onClick={() => setOpen('database')}
        />
      </SimpleGrid>
      <DirectUserModal open={open === 'user'} orgs={orgs.data} onClose={() => setOpen(null)} />
      <RelationshipModal
        open={open === 'relationship'}
        orgs={orgs.data}
        countries={countries}
        onClose={() => setOpen(null)}
      />
      <SystemConfigurationDialog open={open === 'config'} onClose={() => setOpen(null)} />
      <DatabaseOperationsDialog open={open === 'database'} onClose={() => setOpen(null)} />
    </>
  );
}
