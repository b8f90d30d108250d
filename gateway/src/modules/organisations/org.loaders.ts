import DataLoader from 'dataloader';
import type { Loaders } from '../../shared/loaders';
import { countryNamesByCodes, taxonomyDescByIds } from '../reference/reference.service';
import { membersOfGroups } from './adtech-group.service';
import type { ChannelOwnerType } from './channel.entity';
import { ownerNamesOf } from './channel.service';
import type { OrganisationKind } from './operational-country.entity';
import { operationalCountriesOf } from './operational-countries';

/** Per-request DataLoaders of the organisation types' list fields (no N+1 in lists, whichever transport asks). */
export const taxonomyDescByIdLoader = (l: Loaders) =>
  l.get(
    'taxonomyDescByIdLoader',
    (app) =>
      new DataLoader<number, string | null>(async (ids) => {
        const names = await taxonomyDescByIds(app.ds.manager, ids);
        return ids.map((id) => names.get(id) ?? null);
      }),
  );

export const countryNameByCodeLoader = (l: Loaders) =>
  l.get(
    'countryNameByCodeLoader',
    (app) =>
      new DataLoader<string, string>(async (codes) => {
        const names = await countryNamesByCodes(app.ds.manager, codes);
        return codes.map((c) => names.get(c) ?? c);
      }),
  );

/** Stored operational countries by owner, one query per owner kind. */
export const operationalCountriesByOwnerLoader = (l: Loaders) =>
  l.get(
    'operationalCountriesByOwnerLoader',
    (app) =>
      new DataLoader<{ kind: OrganisationKind; id: number }, string[], string>(
        async (keys) => {
          const out = new Map<string, string[]>();
          for (const kind of [...new Set(keys.map((k) => k.kind))]) {
            const lists = await operationalCountriesOf(
              app.ds.manager,
              kind,
              keys.filter((k) => k.kind === kind).map((k) => k.id),
            );
            for (const [id, list] of lists) out.set(`${kind}:${id}`, list);
          }
          return keys.map((k) => out.get(`${k.kind}:${k.id}`) ?? []);
        },
        { cacheKeyFn: (k) => `${k.kind}:${k.id}` },
      ),
  );

export const ownerNameByOwnerLoader = (l: Loaders) =>
  l.get(
    'ownerNameByOwnerLoader',
    (app) =>
      new DataLoader<{ owner_type: ChannelOwnerType; owner_id: number }, string | null, string>(
        async (keys) => {
          const names = await ownerNamesOf(app.ds.manager, keys);
          return keys.map((k) => names.get(`${k.owner_type}:${k.owner_id}`) ?? null);
        },
        { cacheKeyFn: (k) => `${k.owner_type}:${k.owner_id}` },
      ),
  );

export const adtechIdsByGroupLoader = (l: Loaders) =>
  l.get(
    'adtechIdsByGroupLoader',
    (app) =>
      new DataLoader<number, number[]>(async (ids) => {
        const members = await membersOfGroups(app.ds.manager, ids);
        return ids.map((id) => members.get(id) ?? []);
      }),
  );
