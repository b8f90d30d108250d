import { Entity, PrimaryColumn } from 'typeorm';

/** Operational countries of an organisation (always including its primary country, spec 4). */
export type OrganisationKind = 'customer' | 'broadcaster' | 'adtech';

@Entity('operational_country')
export class OperationalCountry {
  @PrimaryColumn({ name: 'owner_type', type: 'varchar', length: 16 })
  ownerType: OrganisationKind;

  @PrimaryColumn({ name: 'owner_id', type: 'int', unsigned: true })
  ownerId: number;

  @PrimaryColumn({ name: 'country_code', type: 'char', length: 2 })
  countryCode: string;
}
