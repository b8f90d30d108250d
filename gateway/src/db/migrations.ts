import { Initial1795304391041 } from './migrations/1795304391041-initial';
import { ReferenceData1795304391042 } from './migrations/1795304391042-reference-data';
import { Events1795304391043 } from './migrations/1795304391043-events';
import { EtlHouseholdLock1795304962050 } from './migrations/1795304962050-etl-household-lock';
import { VisitAttribution1795307925995 } from './migrations/1795307925995-visit-attribution';
import { TouchDashboardIndex1795308620704 } from './migrations/1795308620704-touch-dashboard-index';
import { VisitAttributionSite1795308975065 } from './migrations/1795308975065-visit-attribution-site';
import { ImpressionCell1795309113771 } from './migrations/1795309113771-impression-cell';
import { DailyActivity1795440929153 } from './migrations/1795440929153-daily-activity';
import { ApiKeys1795441131467 } from './migrations/1795441131467-api-keys';
import { AssociationRequest1795440874795 } from './migrations/1795440874795-association-request';
import { SessionHardening1795441391093 } from './migrations/1795441391093-SessionHardening';
import { ControlImpression1795442301491 } from './migrations/1795442301491-control-impression';
import { ApiKeyRotationGrace1795546962116 } from './migrations/1795546962116-api-key-rotation-grace';
import { FilteredDashboardIndexes1795600000000 } from './migrations/1795600000000-filtered-dashboard-indexes';
import { TouchWriteIndexes1795612870739 } from './migrations/1795612870739-touch-write-indexes';
import { ImpressionHouseholdCovering1795612943955 } from './migrations/1795612943955-impression-household-covering';
import { ReachSample1795620112233 } from './migrations/1795620112233-reach-sample';
import { ReachExposure1795643420314 } from './migrations/1795643420314-reach-exposure';
import { DropReachSample1795648135943 } from './migrations/1795648135943-drop-reach-sample';
import { ReachVisitNotes1795655037582 } from './migrations/1795655037582-reach-visit-notes';
import { ReachControl1795656223519 } from './migrations/1795656223519-reach-control';
import { DropImpressionDateIndex1795659731700 } from './migrations/1795659731700-drop-impression-date-index';
import { ReachHoldout1795665284716 } from './migrations/1795665284716-reach-holdout';
import { EtlShardLock1795632795413 } from './migrations/1795632795413-etl-shard-lock';
import { SummaryStaleDays1795632947466 } from './migrations/1795632947466-summary-stale-days';
import { DropDayChecksums1795637206240 } from './migrations/1795637206240-drop-day-checksums';
import { DropTouchDateIndex1795666798996 } from './migrations/1795666798996-drop-touch-date-index';
import { DropReachControl1795678262167 } from './migrations/1795678262167-drop-reach-control';
import { ReachHoldoutFirst1795678413927 } from './migrations/1795678413927-reach-holdout-first';
import { ReachExposureSites1795679389853 } from './migrations/1795679389853-reach-exposure-sites';
import { VisitDateStart1795691620166 } from './migrations/1795691620166-visit-date-start';
import { ResponseSiteSummaries1795702192758 } from './migrations/1795702192758-response-site-summaries';
import { ResponseCreativeSummaries1795714225258 } from './migrations/1795714225258-response-creative-summaries';
import { EventIdPerCustomer1795864432065 } from './migrations/1795864432065-event-id-per-customer';
import { SavedViews1795878983696 } from './migrations/1795878983696-saved-views';
import { Alerts1795878940781 } from './migrations/1795878940781-Alerts';
import { ScheduledReports1795880269144 } from './migrations/1795880269144-ScheduledReports';
import { TagFirstHit1795908899286 } from './migrations/1795908899286-TagFirstHit';
import { Retention1795909850695 } from './migrations/1795909850695-Retention';
import { OptOut1795912000000 } from './migrations/1795912000000-opt-out';
import { ErasureAudit1795912100000 } from './migrations/1795912100000-erasure-audit';
import { PlannedImpressions1795920000000 } from './migrations/1795920000000-PlannedImpressions';
import { AttributionWindows1795927685218 } from './migrations/1795927685218-AttributionWindows';
import { TouchTableWidth1795928142750 } from './migrations/1795928142750-TouchTableWidth';
import { InvalidRepeatNat1795928339890 } from './migrations/1795928339890-InvalidRepeatNat';
import { Annotations1795878787109 } from './migrations/1795878787109-annotations';
import { InvalidEvent1795900000000 } from './migrations/1795900000000-invalid-event';

// Ordered list of migrations; `npm run check` fails when entities and migrations drift.
export const migrations: Function[] = [
  Initial1795304391041,
  ReferenceData1795304391042,
  Events1795304391043,
  EtlHouseholdLock1795304962050,
  VisitAttribution1795307925995,
  TouchDashboardIndex1795308620704,
  VisitAttributionSite1795308975065,
  ImpressionCell1795309113771,
  AssociationRequest1795440874795,
  DailyActivity1795440929153,
  ApiKeys1795441131467,
  SessionHardening1795441391093,
  ControlImpression1795442301491,
  ApiKeyRotationGrace1795546962116,
  FilteredDashboardIndexes1795600000000,
  TouchWriteIndexes1795612870739,
  ImpressionHouseholdCovering1795612943955,
  ReachSample1795620112233,
  EtlShardLock1795632795413,
  SummaryStaleDays1795632947466,
  DropDayChecksums1795637206240,
  ReachExposure1795643420314,
  DropReachSample1795648135943,
  ReachVisitNotes1795655037582,
  ReachControl1795656223519,
  DropImpressionDateIndex1795659731700,
  ReachHoldout1795665284716,
  DropTouchDateIndex1795666798996,
  DropReachControl1795678262167,
  ReachHoldoutFirst1795678413927,
  ReachExposureSites1795679389853,
  VisitDateStart1795691620166,
  ResponseSiteSummaries1795702192758,
  ResponseCreativeSummaries1795714225258,
  EventIdPerCustomer1795864432065,
  Annotations1795878787109,
  Alerts1795878940781,
  SavedViews1795878983696,
  ScheduledReports1795880269144,
  InvalidEvent1795900000000,
  TagFirstHit1795908899286,
  Retention1795909850695,
  OptOut1795912000000,
  ErasureAudit1795912100000,
  PlannedImpressions1795920000000,
  AttributionWindows1795927685218,
  TouchTableWidth1795928142750,
  InvalidRepeatNat1795928339890,
];
