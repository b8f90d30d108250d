import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ReachControl1795656223519 } from './1795656223519-reach-control';

/**
 * reach_control (summary kind 5: the control impressions of a quarter of the households) was replaced
 * by reach_holdout (ReachHoldout: every control household, exact); nothing reads or writes it since,
 * nor ix_reach_exposure_household, which it added to reach_exposure for its probe of a sampled
 * household's exposed rows (every write to reach_exposure still paid for it). Kind 5's built days go
 * with it (the number is not reused: summaries/marks.ts SUMMARY). Down, ReachControl's own up makes both again.
 */
export class DropReachControl1795678262167 implements MigrationInterface {
  name = 'DropReachControl1795678262167';

  async up(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS reach_control');
    await q.query('DROP INDEX IF EXISTS ix_reach_exposure_household ON reach_exposure');
    await q.query('DELETE FROM summary_built_day WHERE summary = 5');
  }

  async down(q: QueryRunner): Promise<void> {
    // The table and index as ReachControl made them (its days rebuilt from the marks on their first read).
    await new ReachControl1795656223519().up(q);
  }
}
