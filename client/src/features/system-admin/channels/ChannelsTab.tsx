import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { describeError } from '../../../app/api-errors';
import type { DataColumn } from '../../../components/DataTable';
import { EntityModal } from '../../../components/EntityModal';
import { SelectField, TextField } from '../../../components/form-fields';
import { applyServerErrors, rulesResolver } from '../../../components/form-rules';
import { RecordTab, useRecordQuery, useRecordTab } from '../../../components/RecordTab';
import { notify } from '../../../components/toaster';
import {
  CreateChannelDocument,
  SysChannelsDocument,
  SysOrganisationsDocument,
  UpdateChannelDocument,
  type SysChannelFieldsFragment,
} from '../../../gql/graphql';
import { channelRules, validate } from '@infinitum/rules';
import { snackbar } from '../../../components/snackbar';
import { failedTo } from '../../../components/record-texts';

type Row = SysChannelFieldsFragment;
const OWNER_TYPE_LABEL: Record<string, string> = { broadcaster: 'Broadcaster', adtech: 'AdTech' };

const COLUMNS: DataColumn<Row>[] = [
  { id: 'channel_name', header: 'Channel Name', accessorFn: (r) => r.channel_name },
  { id: 'owner_name', header: 'Owner', accessorFn: (r) => r.owner_name ?? '-' },
  { id: 'owner_type', header: 'Owner Type', accessorFn: (r) => OWNER_TYPE_LABEL[r.owner_type] ?? r.owner_type },
];

/** Manage Channels (spec 2): channel_name, owner_name, owner_type (Broadcaster or AdTech), edit only. */
export function ChannelsTab() {
  const list = useRecordQuery(SysChannelsDocument, { entities: 'channels', select: (d) => d.channels });
  const tab = useRecordTab<Row>();
  return (
    <RecordTab
      grid={{
        testId: 'channels-table',
        caption: 'Channels',
        empty: 'No channels available',
        paged: true,
        search: true,
      }}
      list={list}
      columns={COLUMNS}
      actions={[{ kind: 'edit', label: (r) => `Edit ${r.channel_name}`, onClick: tab.edit }]}
      add={{ label: 'Add Channel', onClick: tab.add }}
    >
      <ChannelModal open={tab.open} channel={tab.record} onClose={tab.close} />
    </RecordTab>
  );
}

interface ChannelForm {
  channel_name: string;
  owner_type: string;
  owner_id: string;
}

const EMPTY: ChannelForm = { channel_name: '', owner_type: 'broadcaster', owner_id: '' };

/** The channel modal (spec 3, 5): name, owner type (default broadcaster) and owner. */
function ChannelModal(props: { open: boolean; channel: Row | null; onClose(): void }) {
  const form = useForm<ChannelForm>({
    defaultValues: EMPTY,
    mode: 'onTouched',
    resolver: rulesResolver((v) => validate(channelRules, { ...v })),
  });
  useEffect(() => {
    if (!props.open) return;
    const c = props.channel;
    form.reset(c ? { channel_name: c.channel_name, owner_type: c.owner_type, owner_id: String(c.owner_id) } : EMPTY);
  }, [props.open, props.channel, form]);
  const orgs = useQuery(SysOrganisationsDocument, { skip: !props.open, context: { silent: true } });
  const ownerType = form.watch('owner_type');
  const owners =
    ownerType === 'adtech'
      ? (orgs.data?.adtechs ?? []).map((a) => ({ value: String(a.id), label: a.adtech_name }))
      : (orgs.data?.broadcasters ?? []).map((b) => ({ value: String(b.id), label: b.broadcaster_name }));
  const opts = { context: { silent: true }, refetchQueries: ['SysChannels'], awaitRefetchQueries: true };
  const [create, created] = useMutation(CreateChannelDocument, opts);
  const [update, updated] = useMutation(UpdateChannelDocument, opts);

  const save = async (v: ChannelForm) => {
    const input = { channel_name: v.channel_name, owner_type: v.owner_type, owner_id: Number(v.owner_id) };
    try {
      if (props.channel) await update({ variables: { id: props.channel.id, input } });
      else await create({ variables: { input } });
      snackbar(`Channel ${props.channel ? 'updated' : 'created'} successfully`);
      props.onClose();
    } catch (e) {
      if (!applyServerErrors(form.setError, e))
        notify('error', failedTo(props.channel ? 'update' : 'create', 'channel', describeError(e).message));
    }
  };

  return (
    <EntityModal
      open={props.open}
      title={props.channel ? 'Edit Channel' : 'Add Channel'}
      onClose={props.onClose}
      onSubmit={form.handleSubmit(save)}
      submitting={created.loading || updated.loading}
      testId="channel-modal"
    >
      <TextField control={form.control} name="channel_name" label="Channel Name" required />
      <SelectField
        control={form.control}
        name="owner_type"
        label="Owner Type"
        required
        options={[
          { value: 'broadcaster', label: 'Broadcaster' },
          { value: 'adtech', label: 'AdTech' },
        ]}
        onChosen={() => form.setValue('owner_id', '')}
      />
      <SelectField
        control={form.control}
        name="owner_id"
        label="Owner"
        required
        placeholder={
          orgs.loading
            ? 'Loading...'
            : owners.length
              ? 'Select owner'
              : `No ${ownerType === 'adtech' ? 'adtechs' : 'broadcasters'} available`
        }
        options={owners}
      />
    </EntityModal>
  );
}
