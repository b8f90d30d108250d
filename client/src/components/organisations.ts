import type { SysOrganisationsQuery } from '../gql/graphql';

/** Entity type numbers (spec 3): 1 client, 2 agency, 3 broadcaster, 4 adtech. */
export const ORGANISATION_TYPES = [
  { value: '3', label: 'Broadcaster' },
  { value: '2', label: 'Agency' },
  { value: '1', label: 'Client' },
  { value: '4', label: 'AdTech' },
];

/** The organisations of one entity type as select options, by name. */
export function organisationOptions(data: SysOrganisationsQuery | undefined, type: number) {
  if (!data) return [];
  const list: { id: number; name: string }[] =
    type === 1
      ? data.customers.map((c) => ({ id: c.id, name: c.cust_name }))
      : type === 2
        ? data.agencies.map((a) => ({ id: a.id, name: a.agency_name }))
        : type === 3
          ? data.broadcasters.map((b) => ({ id: b.id, name: b.broadcaster_name }))
          : data.adtechs.map((a) => ({ id: a.id, name: a.adtech_name }));
  return list.sort((a, b) => a.name.localeCompare(b.name)).map((o) => ({ value: String(o.id), label: o.name }));
}
