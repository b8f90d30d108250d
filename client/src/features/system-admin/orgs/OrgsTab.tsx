import { Badge, HStack } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { DataColumn } from '../../../components/DataTable';
import { RecordTab, useRecordQuery, useRecordTab, type RecordList } from '../../../components/RecordTab';
import { SysAdtechsDocument, SysBroadcastersDocument } from '../../../gql/graphql';
import {
  CreateAdtechDocument,
  CreateBroadcasterDocument,
  UpdateAdtechDocument,
  UpdateBroadcasterDocument,
} from '../../../gql/graphql';
import { adtechRules, broadcasterRules } from '@infinitum/rules';
import type { CountryOption } from '../../../components/country/CountryFields';
import { CountryChips } from '../CountryChips';
import type { OrgRecord } from './OrgModal';
import { lazyNamed } from '../../../components/lazy';

const OrgModal = lazyNamed(() => import('./OrgModal'), 'OrgModal');

/** Manage Broadcasters / Manage AdTechs (spec 2): home country, operational-country chips, edit only. */
export function OrgsTab({ kind, countries }: { kind: 'broadcaster' | 'adtech'; countries: readonly CountryOption[] }) {
  const broadcasters = useRecordQuery(SysBroadcastersDocument, {
    entities: 'broadcasters',
    select: (d) => d.broadcasters,
    skip: kind !== 'broadcaster',
  });
  const adtechs = useRecordQuery(SysAdtechsDocument, {
    entities: 'adtechs',
    select: (d) => d.adtechs,
    skip: kind !== 'adtech',
  });
  const q = kind === 'broadcaster' ? broadcasters : adtechs;
  const rows: OrgRecord[] = useMemo(
    () =>
      kind === 'broadcaster'
        ? broadcasters.rows.map((b) => ({ ...b, name: b.broadcaster_name }))
        : adtechs.rows.map((a) => ({ ...a, name: a.adtech_name })),
    [kind, broadcasters.rows, adtechs.rows],
  );
  const list: RecordList<OrgRecord> = { rows, loading: q.loading, error: q.error };
  const nameOf = new Map(countries.map((c) => [c.country_code, c.country_name]));
  const noun = kind === 'broadcaster' ? 'Broadcaster' : 'AdTech';
  const tab = useRecordTab<OrgRecord>();

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
  ];

  return (
    <RecordTab
      grid={{
        testId: `${kind}s-table`,
        caption: `${noun}s`,
        empty: `No ${kind}s available`,
        paged: true,
        search: true,
      }}
      list={list}
      columns={columns}
      actions={[{ kind: 'edit', label: (r) => `Edit ${r.name}`, onClick: tab.edit }]}
      add={{ label: `Add ${noun}`, onClick: tab.add }}
    >
      <OrgModal
        open={tab.open}
        kind={kind}
        record={tab.record}
        countries={countries}
        rules={kind === 'broadcaster' ? broadcasterRules : adtechRules}
        create={(kind === 'broadcaster' ? CreateBroadcasterDocument : CreateAdtechDocument) as never}
        update={(kind === 'broadcaster' ? UpdateBroadcasterDocument : UpdateAdtechDocument) as never}
        refetch={kind === 'broadcaster' ? ['SysBroadcasters', 'SysOrganisations'] : ['SysAdtechs', 'SysOrganisations']}
        onClose={tab.close}
      />
    </RecordTab>
  );
}
