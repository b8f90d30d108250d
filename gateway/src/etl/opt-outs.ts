import type { DataSource } from 'typeorm';

/**
 * The households that opted out, per customer (docs/invalid-traffic.md#opt-out, rule 2), held in memory by each ETL
 * worker. Before each batch is prepared the worker asks for the table's highest id (one index read) and reloads the
 * table only when it moved, so an opt-out applies to every hit prepared after it was recorded.
 */
export class OptOutDirectory {
  private top = -1;
  private set = new Set<string>();

  constructor(private readonly ds: DataSource) {}

  async refresh(): Promise<void> {
    const [r] = (await this.ds.query('SELECT COALESCE(MAX(id), 0) AS top FROM opt_out')) as { top: number | string }[];
    const top = Number(r.top);
    if (top === this.top) return;
    const rows = (await this.ds.query('SELECT customer_id, CAST(household_id AS CHAR) AS h FROM opt_out')) as {
      customer_id: number;
      h: string;
    }[];
    this.set = new Set(rows.map((x) => `${x.customer_id}:${x.h}`));
    this.top = top;
  }

  has(customerId: number, household: string): boolean {
    return this.set.size > 0 && this.set.has(`${customerId}:${household}`);
  }
}
