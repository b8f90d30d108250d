import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Checkbox, Field, HStack, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu';
import { formatDay } from '../../../components/format';
import { notify } from '../../../components/toaster';
import {
  CreateAnnotationDocument,
  DeleteAnnotationDocument,
  NoteCampaignsDocument,
  TimelineAnnotationsDocument,
  UpdateAnnotationDocument,
  type AnnotationFieldsFragment,
} from '../../../gql/graphql';
import type { ChartMarker } from '../charts/VisitsOverTimeChart';

/**
 * Notes on Visits Over Time (docs/design.md#annotations): users' notes and the automatic markers (booking starts
 * and ends, a creative's first impression), drawn as markers on the chart and listed under it. Anyone who sees
 * the customer may add, edit and remove notes (the server checks); automatic markers can be hidden.
 */
export function useTimelineNotes(clientId: number | null, start: string | null, end: string | null) {
  const skip = clientId === null || !start || !end;
  const q = useQuery(TimelineAnnotationsDocument, {
    variables: { client_id: clientId ?? 0, startdate: start ?? '', enddate: end ?? '' },
    skip,
    fetchPolicy: 'cache-and-network',
  });
  const [showAuto, setShowAuto] = useState(true);
  const data = q.data?.annotations;
  const markers: ChartMarker[] = [
    ...(data?.notes ?? []).map((n) => ({
      key: `note-${n.id}`,
      date: n.start_date < (start ?? '') ? (start ?? n.start_date) : n.start_date,
      text: `${dates(n.start_date, n.end_date)}: ${n.note}`,
      kind: 'note' as const,
    })),
    ...(showAuto ? (data?.automatic ?? []) : []).map((m, i) => ({
      key: `auto-${i}`,
      date: m.date,
      text: `${formatDay(m.date)}: ${m.text}`,
      kind: 'auto' as const,
    })),
  ];
  return { data, markers, showAuto, setShowAuto, refetch: () => void q.refetch(), clientId };
}
export type TimelineNotesState = ReturnType<typeof useTimelineNotes>;

const dates = (s: string, e: string) => (s === e ? formatDay(s) : `${formatDay(s)} – ${formatDay(e)}`);

interface Draft {
  id: number | null;
  start: string;
  end: string;
  note: string;
  campaign: string;
}

function NoteForm({ clientId, draft, onDone }: { clientId: number; draft: Draft; onDone(saved: boolean): void }) {
  const [d, setD] = useState(draft);
  const campaigns = useQuery(NoteCampaignsDocument, { variables: { customer_id: clientId } }).data?.campaigns ?? [];
  const [create, created] = useMutation(CreateAnnotationDocument);
  const [update, updated] = useMutation(UpdateAnnotationDocument);
  const [error, setError] = useState<string | null>(null);
  const valid = d.start !== '' && d.note.trim() !== '' && (d.end === '' || d.end >= d.start);
  async function save() {
    const input = {
      start_date: d.start,
      end_date: d.end || d.start,
      note: d.note,
      campaign_id: d.campaign ? Number(d.campaign) : null,
    };
    try {
      if (d.id === null) await create({ variables: { input: { ...input, customer_id: clientId } } });
      else await update({ variables: { id: d.id, input } });
      onDone(true);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Unable to save the note.');
    }
  }
  return (
    <Stack gap="2" p="3" borderWidth="1px" borderRadius="md" bg="gray.50" data-testid="note-form">
      <HStack gap="2" wrap="wrap" align="end">
        <Field.Root w="auto">
          <Field.Label>From</Field.Label>
          <Input type="date" size="sm" value={d.start} onChange={(e) => setD({ ...d, start: e.target.value })} />
        </Field.Root>
        <Field.Root w="auto" invalid={d.end !== '' && d.end < d.start}>
          <Field.Label>Until (optional)</Field.Label>
          <Input type="date" size="sm" value={d.end} onChange={(e) => setD({ ...d, end: e.target.value })} />
        </Field.Root>
        <Field.Root w="auto">
          <Field.Label>Campaign (optional)</Field.Label>
          <NativeSelect.Root size="sm" w="220px">
            <NativeSelect.Field value={d.campaign} onChange={(e) => setD({ ...d, campaign: e.target.value })}>
              <option value="">No campaign</option>
              {campaigns.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.campaign_name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </HStack>
      <Field.Root invalid={!!error}>
        <Field.Label>Note</Field.Label>
        <Textarea
          size="sm"
          maxLength={500}
          value={d.note}
          onChange={(e) => setD({ ...d, note: e.target.value })}
          bg="white"
        />
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
      <HStack gap="2">
        <Button
          size="sm"
          colorPalette="brand"
          disabled={!valid}
          loading={created.loading || updated.loading}
          onClick={() => void save()}
        >
          Save note
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onDone(false)}>
          Cancel
        </Button>
      </HStack>
    </Stack>
  );
}

/** The list under the chart: notes with edit and remove, the automatic markers, and adding a note. */
export function TimelineNotesList({ state, defaultDay }: { state: TimelineNotesState; defaultDay: string }) {
  const { data, showAuto, setShowAuto, refetch, clientId } = state;
  const [editing, setEditing] = useState<Draft | null>(null);
  const [remove] = useMutation(DeleteAnnotationDocument);
  if (clientId === null) return null;
  const edit = (n: AnnotationFieldsFragment) =>
    setEditing({
      id: n.id,
      start: n.start_date,
      end: n.end_date === n.start_date ? '' : n.end_date,
      note: n.note,
      campaign: n.campaign_id ? String(n.campaign_id) : '',
    });
  const done = (saved: boolean) => {
    setEditing(null);
    if (saved) refetch();
  };
  async function del(n: AnnotationFieldsFragment) {
    try {
      await remove({ variables: { id: n.id } });
      refetch();
    } catch {
      notify('error', 'Unable to remove the note. Please try again.');
    }
  }
  const notes = data?.notes ?? [];
  const automatic = data?.automatic ?? [];
  return (
    <Stack gap="2" mt="3" data-testid="timeline-notes">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontWeight="semibold" fontSize="sm">
          Notes
        </Text>
        <HStack gap="3">
          <Checkbox.Root
            size="sm"
            checked={showAuto}
            onCheckedChange={(e) => setShowAuto(e.checked === true)}
            data-testid="show-automatic"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Show automatic markers</Checkbox.Label>
          </Checkbox.Root>
          <Button
            size="xs"
            variant="outline"
            onClick={() => setEditing({ id: null, start: defaultDay, end: '', note: '', campaign: '' })}
            disabled={editing !== null}
          >
            <LuPlus /> Add note
          </Button>
        </HStack>
      </HStack>
      {editing && <NoteForm clientId={clientId} draft={editing} onDone={done} />}
      <Box as="ul" listStyleType="none" m="0" p="0" fontSize="sm">
        {notes.map((n) => (
          <Box as="li" key={`n${n.id}`} py="1" borderBottomWidth="1px" data-testid="note-item">
            <HStack justify="space-between" align="start" gap="2">
              <Box>
                <Text as="span" fontWeight="semibold">
                  {dates(n.start_date, n.end_date)}
                </Text>{' '}
                <Text as="span" data-testid="note-text">
                  {n.note}
                </Text>
                <Text fontSize="xs" color="gray.600">
                  {[n.campaign_name, n.created_by_name && `by ${n.created_by_name}`].filter(Boolean).join(' · ')}
                </Text>
              </Box>
              <HStack gap="1" flexShrink={0}>
                <Button size="xs" variant="ghost" aria-label={`Edit note: ${n.note}`} onClick={() => edit(n)}>
                  <LuPencil />
                </Button>
                <Button size="xs" variant="ghost" aria-label={`Remove note: ${n.note}`} onClick={() => void del(n)}>
                  <LuTrash2 />
                </Button>
              </HStack>
            </HStack>
          </Box>
        ))}
        {showAuto &&
          automatic.map((m, i) => (
            <Box as="li" key={`a${i}`} py="1" borderBottomWidth="1px" color="gray.700" data-testid="auto-item">
              <Text as="span" fontWeight="semibold">
                {formatDay(m.date)}
              </Text>{' '}
              {m.text}{' '}
              <Text as="span" fontSize="xs" color="gray.500">
                (automatic)
              </Text>
            </Box>
          ))}
        {notes.length === 0 && (!showAuto || automatic.length === 0) && (
          <Box as="li" color="gray.500" py="1">
            No notes in this range.
          </Box>
        )}
      </Box>
    </Stack>
  );
}
