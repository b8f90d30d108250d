import { Badge, Button, HStack, Stack } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useMemo, useState } from 'react';
import { LuPlus } from 'react-icons/lu';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { EditButton } from '../../../components/RowActions';
import { SysAdtechsDocument, SysBroadcastersDocument } from '../../../gql/graphql';
import {
  CreateAdtechDocument,
  CreateBroadcasterDocument,
  UpdateAdtechDocument,
  UpdateBroadcasterDocument,
} from '../../../gql/graphql';
import { adtechRules, broadcasterRules } from '@infinitum/rules';
import type { CountryOption } from '../../admin/components/CountryFields';
import { ADMIN_PAGE_SIZE } from '../../admin/texts';
import { CountryChips } from '../CountryChips';
import type { OrgRecord } from './OrgModal';
import { lazyNamed } from '../../../components/lazy';

const OrgModal = lazyNamed(() => import('./OrgModal'), 'OrgModal');

/** Manage Broadcasters / Manage AdTechs (spec 2): home country, operational-country chips, edit only. */
export function OrgsTab({ kind, countries }: { kind: 'broadcaster' | 'adtech'; countries: readonly CountryOption[] }) {
  const broadcasters = useQuery(SysBroadcastersDocument, { skip: kind !== 'broadcaster', context: { silent: true } });
  const adtechs = useQuery(SysAdtechsDocument, { skip: kind !== 'adtech', context: { silent: true } });
  const q = kind === 'broadcaster' ? broadcasters : adtechs;
  const rows: OrgRecord[] = useMemo(
    () =>
      kind === 'broadcaster'
        ? (broadcasters.data?.broadcasters ?? []).map((b) => ({ ...b, name: b.broadcaster_name }))
        : (adtechs.data?.adtechs ?? []).map((a) => ({ ...a, name: a.adtech_name })),
    [kind, broadcasters.data, adtechs.data],
  );
  const nameOf = new Map(countries.map((c) => [c.country_code, c.country_name]));
  const noun = kind === 'broadcaster' ? 'Broadcaster' : 'AdTech';
  const [modal, setModal] = useState<{ record: OrgRecord | null } | null>(null);

  const columns: DataColumn<OrgRecord>[] = [
    { id: 'name', header: `${noun} Name`, accessorFn: (r) => r.name },
    {
      id: 'country_code',
      header: 'Home Country',
      accessorFn: (r) => r.country_code,
      cell: ({ row }) => nameOf.get(row.original.country_code) ?? row.original.country_code,
    },
    {
      id: 'operational',
      header: 'Operational Countries',
      enableSorting: false,
      cell: ({ row }) => (
        <CountryChips codes={row.original.country_list.filter((c) => c !== row.original.country_code)} />
      ),
    },
    ...(kind === 'adtech'
      ? [
          {
            id: 'terms',
            header: 'Booking Terms',
            enableSorting: false,
            cell: ({ row }: { row: { original: OrgRecord } }) => (
              <HStack gap="1" wrap="wrap">
                {row.original.requires_job_number && <Badge size="sm">Job number</Badge>}
                {row.original.requires_charged_cpm && <Badge size="sm">Charged CPM</Badge>}
                {!row.original.requires_job_number && !row.original.requires_charged_cpm && '-'}
              </HStack>
            ),
          } as DataColumn<OrgRecord>,
        ]
      : []),
    {
      id: 'actions',
      header: 'Actions',
      enableSorting: false,
      cell: ({ row }) => (
        <EditButton label={`Edit ${row.original.name}`} onClick={() => setModal({ record: row.original })} />
      ),
    },
  ];

  return (
    <Stack gap="4">
      <DataTable
        testId={`${kind}s-table`}
        caption={`${noun}s`}
        data={rows}
        columns={columns}
        getRowId={(r) => String(r.id)}
        loading={q.loading && !q.data}
        error={q.error && !q.data ? `Unable to retrieve ${kind}s. Please try again.` : undefined}
        emptyText={`No ${kind}s available`}
        pageSizeOptions={[ADMIN_PAGE_SIZE]}
        initialPageSize={ADMIN_PAGE_SIZE}
        quickFilter
        toolbar={
          <Button colorPalette="brand" size="sm" onClick={() => setModal({ record: null })}>
            <LuPlus /> Add {noun}
          </Button>
        }
      />
      <OrgModal
        open={modal !== null}
        kind={kind}
        record={modal?.record ?? null}
        countries={countries}
        rules={kind === 'broadcaster' ? broadcasterRules : adtechRules}
        create={(kind === 'broadcaster' ? CreateBroadcasterDocument : CreateAdtechDocument) as never}
        update={(kind === 'broadcaster' ? UpdateBroadcasterDocument : UpdateAdtechDocument) as never}
        refetch={kind === 'broadcaster' ? ['SysBroadcasters', 'SysOrganisations'] : ['SysAdtechs', 'SysOrganisations']}
        onClose={() => setModal(null)}
      />
    </Stack>
  );
}
