import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('country')
export class Country {
  @PrimaryColumn({ name: 'country_code', type: 'char', length: 2 })
  countryCode: string;

  @Column({ name: 'country_name', type: 'varchar', length: 100 })
  countryName: string;

  /** IANA zone used as the default time zone of customers in this country. */
  @Column({ name: 'time_zone', type: 'varchar', length: 64 })
  timeZone: string;
}
