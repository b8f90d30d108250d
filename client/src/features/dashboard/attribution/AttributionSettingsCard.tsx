import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Field, HStack, Input, Progress, Stack, Text } from '@chakra-ui/react';
import { attributionWindowErrors, windowLabel } from '@infinitum/rules';
import { useEffect, useRef, useState } from 'react';
import { describeError } from '../../../app/api-errors';
import { formatDay } from '../../../components/format';
import { notify } from '../../../components/toaster';
import {
  AttributionSettingsDocument,
  type AttributionSettingsFieldsFragment,
  SetAttributionWindowsDocument,
} from '../../../gql/graphql';
import { sameDayLabel, windowsText } from './windows';

/** While a change is on its way, the settings are read again this often (the recompute's progress). */
export const SETTINGS_POLL_MS = 2000;
/** The windows the what-if curve offers when its answer is not there (no impressions in the range). */
const DEFAULT_CURVE = [1, 6, 24, 48, 72, 168, 336, 720];
/** Same-day windows offered beside free hours. */
const SAME_DAY_CHOICES = [1, 6, 12, 24, 48];

type Settings = AttributionSettingsFieldsFragment;
type Change = NonNullable<Settings['pending']>;

const asked = (s: Settings) =>
  s.pending
    ? { w: s.pending.touch_window_hours, s: s.pending.same_day_window_hours }
    : { w: s.touch_window_hours, s: s.same_day_window_hours };

function progressText(p: Change): string {
  if (p.status === 'pending' || p.days_total === 0) return 'Recomputing history: waiting to start';
  return `Recomputing history: ${p.days_done} of ${p.days_total} days`;
}

/**
 * A client's attribution windows beside the what-if curve (docs/design.md#attribution-settings): the windows in
 * force, a form to ask for others (a window of the curve or any whole hours, checked by the shared rules as the
 * server checks them), and the recompute's progress, read every 2 s until the new windows are in force. Only
 * those who may edit the client (the server's may_edit) get the form; others read why.
 */
export function AttributionSettingsCard(props: {
  customerId: number;
  /** The curve's windows, in hours. */
  curveWindows?: readonly number[];
  /** The touch window being chosen (the chart marks it), or null when it is the one in force. */
  onPick?(hours: number | null): void;
  /** The new windows are in force: the panels computed under the old ones should ask again. */
  onSwitched?(): void;
}) {
  const { customerId, onPick, onSwitched } = props;
  const client = useApolloClient();
  const query = useQuery(AttributionSettingsDocument, {
    variables: { customerId },
    context: { silent: true },
    notifyOnNetworkStatusChange: false,
  });
  const [save, saving] = useMutation(SetAttributionWindowsDocument, { context: { silent: true } });
  const settings = query.data?.attributionSettings;
  const [touch, setTouch] = useState('');
  const [sameDay, setSameDay] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);
  const [switched, setSwitched] = useState(false);
  const loadedFor = useRef<number | null>(null);
  const watching = useRef(false);

  // The form starts at what is asked (the pending change, else the windows in force), once per customer.
  useEffect(() => {
    if (!settings || loadedFor.current === customerId) return;
    loadedFor.current = customerId;
    const a = asked(settings);
    setTouch(String(a.w));
    setSameDay(String(a.s));
  }, [settings, customerId]);

  // Poll while a change is pending or running; when it is gone, the windows in force are the new ones.
  const open = !!settings?.pending;
  const { startPolling, stopPolling } = query;
  useEffect(() => {
    if (open) {
      watching.current = true;
      setSwitched(false);
      startPolling(SETTINGS_POLL_MS);
      return () => stopPolling();
    }
    if (watching.current) {
      watching.current = false;
      setSwitched(true);
      onSwitched?.();
    }
    return undefined;
  }, [open, startPolling, stopPolling, onSwitched]);

  // The panels' texts read the windows from the dashboard's customer list: it gets the windows in force as
  // read here (written into the cache, not asked again, so the dashboard does not reload for it).
  const w = settings?.touch_window_hours;
  const s = settings?.same_day_window_hours;
  useEffect(() => {
    if (w === undefined || s === undefined) return;
    const id = client.cache.identify({ __typename: 'DashboardCustomer', id: customerId });
    if (!id) return;
    client.cache.modify({
      id,
      fields: { touch_window_hours: () => w, same_day_window_hours: () => s },
    });
  }, [client, customerId, w, s]);

  const errors = attributionWindowErrors({ touch_window_hours: touch, same_day_window_hours: sameDay });
  const valid = Object.keys(errors).length === 0;
  const target = settings ? asked(settings) : null;
  const unchanged = !!target && valid && Number(touch) === target.w && Number(sameDay) === target.s;

  useEffect(() => {
    if (!onPick || !settings) return;
    const w = Number(touch);
    onPick(valid && w !== settings.touch_window_hours ? w : null);
  }, [touch, valid, settings, onPick]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!valid || unchanged) return;
    setServerError(null);
    try {
      await save({
        variables: { customerId, touchWindowHours: Number(touch), sameDayWindowHours: Number(sameDay) },
        // The answer is the settings as they now are: they replace the ones being read (and start the polling).
        update: (cache, { data }) => {
          if (!data) return;
          cache.writeQuery({
            query: AttributionSettingsDocument,
            variables: { customerId },
            data: { attributionSettings: data.setAttributionWindows },
          });
        },
      });
      notify('success', 'Attribution windows saved', 'History is being recomputed under the new windows.');
    } catch (err) {
      const d = describeError(err);
      setServerError(d.fields ? Object.values(d.fields).join(' ') : d.message);
    }
  }

  const curve = props.curveWindows?.length ? props.curveWindows : DEFAULT_CURVE;
  return (
    <Box data-testid="attribution-settings" data-state={settings?.pending ? settings.pending.status : 'settled'}>
      <Stack gap="3">
        {query.error && !settings && (
          <Text color="red.600" fontSize="sm">
            Could not load the attribution settings.
          </Text>
        )}
        {settings && (
          <Text fontSize="sm" data-testid="attribution-in-force">
            {`${switched || (!settings.pending && settings.history[0]?.status === 'done') ? 'Now in force' : 'In force'}: ${windowsText(settings.touch_window_hours, settings.same_day_window_hours)}`}
          </Text>
        )}
        {settings?.pending && (
          <Stack gap="1" data-testid="attribution-progress" aria-live="polite">
            <Text fontSize="sm">{progressText(settings.pending)}</Text>
            <Progress.Root
              value={settings.pending.days_total ? settings.pending.days_done : null}
              max={Math.max(1, settings.pending.days_total)}
              size="sm"
              aria-label="History recomputed"
            >
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
            <Text fontSize="xs" color="gray.600">
              {`Asked for ${windowsText(settings.pending.touch_window_hours, settings.pending.same_day_window_hours)}` +
                (settings.pending.requested_by_name ? ` by ${settings.pending.requested_by_name}` : '') +
                ` on ${formatDay(settings.pending.requested_at.slice(0, 10))}. Every figure stays under the windows in force until then.`}
            </Text>
          </Stack>
        )}
        {settings && !settings.may_edit && (
          <Text fontSize="sm" color="gray.600" data-testid="attribution-no-edit">
            No permission to edit: only the client&apos;s admins can change its attribution windows.
          </Text>
        )}
        {settings?.may_edit && (
          <form onSubmit={submit} noValidate>
            <Stack gap="3">
              <Field.Root invalid={!!errors.touch_window_hours}>
                <Field.Label>Touch window (hours)</Field.Label>
                <HStack gap="1" wrap="wrap" role="group" aria-label="Touch windows of the curve">
                  {curve.map((h) => (
                    <Button
                      key={h}
                      size="xs"
                      variant={Number(touch) === h ? 'solid' : 'outline'}
                      aria-pressed={Number(touch) === h}
                      onClick={() => setTouch(String(h))}
                      data-testid={`attribution-pick-${h}`}
                    >
                      {windowLabel(h)}
                    </Button>
                  ))}
                </HStack>
                <Input
                  name="touch_window_hours"
                  inputMode="numeric"
                  maxW="40"
                  value={touch}
                  onChange={(e) => setTouch(e.target.value)}
                  data-testid="attribution-touch"
                />
                {errors.touch_window_hours ? (
                  <Field.ErrorText>{errors.touch_window_hours}</Field.ErrorText>
                ) : (
                  <Field.HelperText>
                    {`${windowLabel(Number(touch))}: an impression counts for visits up to this long after it (1 to 720 hours).`}
                  </Field.HelperText>
                )}
              </Field.Root>
              <Field.Root invalid={!!errors.same_day_window_hours}>
                <Field.Label>Same-day window (hours)</Field.Label>
                <HStack gap="1" wrap="wrap" role="group" aria-label="Common same-day windows">
                  {SAME_DAY_CHOICES.map((h) => (
                    <Button
                      key={h}
                      size="xs"
                      variant={Number(sameDay) === h ? 'solid' : 'outline'}
                      aria-pressed={Number(sameDay) === h}
                      onClick={() => setSameDay(String(h))}
                    >
                      {sameDayLabel(h)}
                    </Button>
                  ))}
                </HStack>
                <Input
                  name="same_day_window_hours"
                  inputMode="numeric"
                  maxW="40"
                  value={sameDay}
                  onChange={(e) => setSameDay(e.target.value)}
                  data-testid="attribution-same-day"
                />
                {errors.same_day_window_hours ? (
                  <Field.ErrorText>{errors.same_day_window_hours}</Field.ErrorText>
                ) : (
                  <Field.HelperText>A visit within this long of an impression is a Same Day response.</Field.HelperText>
                )}
              </Field.Root>
              {serverError && (
                <Text color="red.600" fontSize="sm" role="alert">
                  {serverError}
                </Text>
              )}
              <HStack gap="3" wrap="wrap">
                <Button
                  type="submit"
                  size="sm"
                  disabled={!valid || unchanged}
                  loading={saving.loading}
                  data-testid="attribution-save"
                >
                  Save windows
                </Button>
                <Text fontSize="xs" color="gray.600">
                  {unchanged
                    ? settings.pending
                      ? 'These windows are being put in force.'
                      : 'These windows are in force.'
                    : 'Saving recomputes the client’s history; the dashboard switches when it is done.'}
                </Text>
              </HStack>
            </Stack>
          </form>
        )}
      </Stack>
    </Box>
  );
}
