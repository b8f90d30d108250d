import { useMutation, useQuery } from '@apollo/client/react';
import {
  Box,
  Button,
  Checkbox,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Spinner,
  Stack,
  Switch,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import {
  AlertRulesDocument,
  type AlertRuleFieldsFragment,
  CreateReportScheduleDocument,
  DeleteReportScheduleDocument,
  ReportSchedulesDocument,
  type ReportScheduleFieldsFragment,
  SendReportNowDocument,
  UpdateAlertRuleDocument,
  UpdateReportScheduleDocument,
} from '../../gql/graphql';
import { snackbar } from '../../components/snackbar';
import { notify } from '../../components/toaster';
import { MANAGE_TEXT, RULE_KINDS } from './texts';

type Option = { id: number; name: string; email: string };

const errorOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Runs a mutation; a refusal shows the server's message (it names the field). */
async function attempt(run: () => Promise<unknown>, done: string): Promise<boolean> {
  try {
    await run();
    snackbar(done);
    return true;
  } catch (e) {
    notify('error', errorOf(e));
    return false;
  }
}

function NumberInput(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  hint?: string;
  name: string;
}) {
  return (
    <Field.Root>
      <Field.Label>{props.label}</Field.Label>
      <Input
        name={props.name}
        type="number"
        inputMode="numeric"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.hint && <Field.HelperText>{props.hint}</Field.HelperText>}
    </Field.Root>
  );
}

function Recipients(props: { options: Option[]; value: number[]; onChange: (ids: number[]) => void }) {
  return (
    // A group, not a Field: a Field gives every checkbox inside it the same id and label.
    <Box role="group" aria-label={MANAGE_TEXT.recipients}>
      <Text fontSize="sm" fontWeight="medium" mb="1.5">
        {MANAGE_TEXT.recipients}
      </Text>
      {props.options.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {MANAGE_TEXT.noRecipients}
        </Text>
      ) : (
        <Stack gap="1" maxH="48" overflowY="auto" w="100%">
          {props.options.map((o) => (
            <Checkbox.Root
              key={o.id}
              size="sm"
              checked={props.value.includes(o.id)}
              onCheckedChange={(e) =>
                props.onChange(e.checked ? [...props.value, o.id] : props.value.filter((id) => id !== o.id))
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label wordBreak="break-all">
                {o.name} ({o.email})
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      )}
    </Box>
  );
}

function OnSwitch(props: { checked: boolean; onChange: (v: boolean) => void; label: string }) {
  return (
    <Switch.Root checked={props.checked} onCheckedChange={(e) => props.onChange(e.checked)} colorPalette="brand">
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>{props.label}</Switch.Label>
    </Switch.Root>
  );
}

const int = (v: string) => (v.trim() === '' ? undefined : Number(v));

function RuleCard(props: { rule: AlertRuleFieldsFragment; options: Option[] }) {
  const { rule } = props;
  const kind = RULE_KINDS[rule.kind] ?? { label: rule.kind, unit: '', volume: null };
  const [enabled, setEnabled] = useState(rule.enabled);
  const [threshold, setThreshold] = useState(String(rule.threshold));
  const [minVolume, setMinVolume] = useState(String(rule.min_volume));
  const [quiet, setQuiet] = useState(String(rule.quiet_hours));
  const [recipients, setRecipients] = useState<number[]>(rule.recipient_ids);
  const [update, { loading }] = useMutation(UpdateAlertRuleDocument);
  const save = () =>
    attempt(
      () =>
        update({
          variables: {
            id: rule.id,
            input: {
              enabled,
              threshold: int(threshold),
              min_volume: int(minVolume),
              quiet_hours: int(quiet),
              recipient_ids: recipients,
            },
          },
          context: { silent: true },
        }),
      MANAGE_TEXT.ruleSaved,
    );
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" data-testid={`alert-rule-${rule.kind}`}>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="3">
        <Heading as="h3" size="sm">
          {kind.label}
        </Heading>
        <OnSwitch checked={enabled} onChange={setEnabled} label={MANAGE_TEXT.enabled} />
      </Flex>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" mb="3">
        <NumberInput
          name="threshold"
          label={`${MANAGE_TEXT.threshold} (${kind.unit})`}
          value={threshold}
          onChange={setThreshold}
        />
        {kind.volume && (
          <NumberInput
            name="min_volume"
            label={MANAGE_TEXT.minVolume}
            value={minVolume}
            onChange={setMinVolume}
            hint={kind.volume}
          />
        )}
        <NumberInput name="quiet_hours" label={MANAGE_TEXT.quietHours} value={quiet} onChange={setQuiet} />
      </SimpleGrid>
      <Recipients options={props.options} value={recipients} onChange={setRecipients} />
      <HStack justify="flex-end" mt="3">
        <Button size="sm" colorPalette="brand" onClick={() => void save()} loading={loading}>
          {MANAGE_TEXT.save}
        </Button>
      </HStack>
    </Box>
  );
}

function ScheduleCard(props: { schedule: ReportScheduleFieldsFragment; options: Option[]; customerId: number }) {
  const s = props.schedule;
  const [frequency, setFrequency] = useState(s.frequency);
  const [day, setDay] = useState(String(s.day));
  const [hour, setHour] = useState(String(s.hour));
  const [zone, setZone] = useState(s.time_zone);
  const [enabled, setEnabled] = useState(s.enabled);
  const [recipients, setRecipients] = useState<number[]>(s.recipient_ids);
  const refetch = {
    refetchQueries: [{ query: ReportSchedulesDocument, variables: { customer_id: props.customerId } }],
  };
  const [update, updating] = useMutation(UpdateReportScheduleDocument);
  const [remove, removing] = useMutation(DeleteReportScheduleDocument);
  const [sendNow, sending] = useMutation(SendReportNowDocument);
  const save = () =>
    attempt(
      () =>
        update({
          variables: {
            id: s.id,
            input: {
              frequency,
              day: int(day),
              hour: int(hour),
              time_zone: zone.trim(),
              enabled,
              recipient_ids: recipients,
            },
          },
          context: { silent: true },
        }),
      MANAGE_TEXT.scheduleSaved,
    );
  const preview = async () => {
    try {
      const r = await sendNow({ variables: { id: s.id }, context: { silent: true } });
      snackbar(r.data?.sendReportNow.message ?? MANAGE_TEXT.sent);
    } catch (e) {
      notify('error', errorOf(e));
    }
  };
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" data-testid={`report-schedule-${s.id}`}>
      <Flex justify="flex-end" mb="3">
        <OnSwitch checked={enabled} onChange={setEnabled} label={MANAGE_TEXT.enabled} />
      </Flex>
      <SimpleGrid columns={{ base: 1, sm: 2, md: 4 }} gap="3" mb="3">
        <Field.Root>
          <Field.Label>{MANAGE_TEXT.frequency}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="frequency" value={frequency} onChange={(e) => setFrequency(e.target.value)}>
              <option value="weekly">{MANAGE_TEXT.weekly}</option>
              <option value="monthly">{MANAGE_TEXT.monthly}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <NumberInput
          name="day"
          label={MANAGE_TEXT.day}
          value={day}
          onChange={setDay}
          hint={frequency === 'weekly' ? MANAGE_TEXT.weekdayHint : MANAGE_TEXT.monthDayHint}
        />
        <NumberInput name="hour" label={MANAGE_TEXT.hour} value={hour} onChange={setHour} hint={MANAGE_TEXT.hourHint} />
        <Field.Root>
          <Field.Label>{MANAGE_TEXT.timeZone}</Field.Label>
          <Input name="time_zone" value={zone} onChange={(e) => setZone(e.target.value)} />
        </Field.Root>
      </SimpleGrid>
      <Recipients options={props.options} value={recipients} onChange={setRecipients} />
      <Flex justify="flex-end" mt="3" gap="2" wrap="wrap">
        <Button
          size="sm"
          variant="ghost"
          colorPalette="red"
          loading={removing.loading}
          onClick={() =>
            void attempt(
              () => remove({ variables: { id: s.id }, context: { silent: true }, ...refetch }),
              MANAGE_TEXT.deleted,
            )
          }
        >
          {MANAGE_TEXT.delete}
        </Button>
        <Button size="sm" variant="outline" loading={sending.loading} onClick={() => void preview()}>
          {MANAGE_TEXT.sendNow}
        </Button>
        <Button size="sm" colorPalette="brand" loading={updating.loading} onClick={() => void save()}>
          {MANAGE_TEXT.save}
        </Button>
      </Flex>
    </Box>
  );
}

/**
 * A customer's alert rules and scheduled reports (docs/operations.md#alerts, #scheduled-reports): whoever may
 * edit the customer's campaigns edits them here; every value shown is the server's.
 */
export function AlertsReportsTab({ customerId }: { customerId: number }) {
  const rules = useQuery(AlertRulesDocument, { variables: { customer_id: customerId } });
  const reports = useQuery(ReportSchedulesDocument, { variables: { customer_id: customerId } });
  const [create, creating] = useMutation(CreateReportScheduleDocument);
  const options = reports.data?.mailRecipientOptions ?? [];
  const add = () =>
    attempt(
      () =>
        create({
          variables: {
            input: {
              customer_id: customerId,
              frequency: 'weekly',
              day: 1,
              hour: 8,
              time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
              recipient_ids: [],
            },
          },
          context: { silent: true },
          refetchQueries: [{ query: ReportSchedulesDocument, variables: { customer_id: customerId } }],
        }),
      MANAGE_TEXT.scheduleAdded,
    );
  if ((rules.loading && !rules.data) || (reports.loading && !reports.data)) return <Spinner />;
  if (rules.error || reports.error) return <Text color="red.600">{MANAGE_TEXT.loadFailed}</Text>;
  return (
    <Stack gap="8" pt="4">
      <Stack gap="3">
        <Heading as="h2" size="md">
          {MANAGE_TEXT.rulesHeading}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {MANAGE_TEXT.rulesIntro}
        </Text>
        {(rules.data?.alertRules ?? []).map((r) => (
          <RuleCard key={r.id} rule={r} options={options} />
        ))}
      </Stack>
      <Stack gap="3">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="md">
            {MANAGE_TEXT.reportsHeading}
          </Heading>
          <Button size="sm" colorPalette="brand" onClick={() => void add()} loading={creating.loading}>
            {MANAGE_TEXT.addSchedule}
          </Button>
        </Flex>
        {(reports.data?.reportSchedules ?? []).length === 0 && (
          <Text fontSize="sm" color="fg.muted">
            {MANAGE_TEXT.noSchedules}
          </Text>
        )}
        {(reports.data?.reportSchedules ?? []).map((s) => (
          <ScheduleCard key={s.id} schedule={s} options={options} customerId={customerId} />
        ))}
      </Stack>
    </Stack>
  );
}
