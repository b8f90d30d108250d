import { Box, Checkbox, Field, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { describeError } from '../../../app/api-errors';
import type { DataColumn } from '../../../components/DataTable';
import { EntityModal } from '../../../components/EntityModal';
import { TextField } from '../../../components/form-fields';
import { applyServerErrors, rulesResolver } from '../../../components/form-rules';
import { RecordTab, useRecordQuery, useRecordTab } from '../../../components/RecordTab';
import { notify } from '../../../components/toaster';
import {
  CreateAdtechGroupDocument,
  SysAdtechGroupsDocument,
  SysAdtechsDocument,
  UpdateAdtechGroupDocument,
  type SysAdtechGroupFieldsFragment,
} from '../../../gql/graphql';
import { adtechGroupRules, validate } from '@infinitum/rules';
import { snackbar } from '../../../components/snackbar';
import { failedTo } from '../../../components/record-texts';

type Row = SysAdtechGroupFieldsFragment;

/** 'N entities' (spec 2). */
export const entitiesLabel = (n: number) => `${n} entities`;

const COLUMNS: DataColumn<Row>[] = [
  { id: 'group_name', header: 'Group Name', accessorFn: (r) => r.group_name },
  {
    id: 'adtech_count',
    header: 'AdTechs',
    accessorFn: (r) => r.adtech_count,
    cell: ({ row }) => entitiesLabel(row.original.adtech_count),
  },
];

/** AdTech Groups (spec 2): group_name and adtech_count; double-click a row (or its edit button) to edit. */
export function AdtechGroupsTab() {
  const list = useRecordQuery(SysAdtechGroupsDocument, { entities: 'adtech groups', select: (d) => d.adtechGroups });
  const tab = useRecordTab<Row>();
  return (
    <RecordTab
      grid={{
        testId: 'adtech-groups-table',
        caption: 'AdTech Groups',
        empty: 'No adtech groups available',
        paged: true,
      }}
      list={list}
      columns={COLUMNS}
      intro={
        <Text fontSize="sm" color="gray.600">
          Double-click a group to edit it.
        </Text>
      }
      actions={[{ kind: 'edit', label: (r) => `Edit ${r.group_name}`, onClick: tab.edit }]}
      onRowDoubleClick={tab.edit}
      add={{ label: 'Add AdTech Group', onClick: tab.add }}
    >
      <AdtechGroupModal open={tab.open} group={tab.record} onClose={tab.close} />
    </RecordTab>
  );
}

interface GroupForm {
  group_name: string;
  adtech_ids: number[];
}

/** The adtech group modal: 'Group name is required'; members chosen from the adtechs. */
function AdtechGroupModal(props: { open: boolean; group: Row | null; onClose(): void }) {
  const form = useForm<GroupForm>({
    defaultValues: { group_name: '', adtech_ids: [] },
    mode: 'onTouched',
    resolver: rulesResolver((v) => validate(adtechGroupRules, { ...v })),
  });
  useEffect(() => {
    if (!props.open) return;
    form.reset(
      props.group
        ? { group_name: props.group.group_name, adtech_ids: props.group.adtech_ids }
        : { group_name: '', adtech_ids: [] },
    );
  }, [props.open, props.group, form]);
  const adtechs = useQuery(SysAdtechsDocument, { skip: !props.open, context: { silent: true } });
  const opts = { context: { silent: true }, refetchQueries: ['SysAdtechGroups'], awaitRefetchQueries: true };
  const [create, created] = useMutation(CreateAdtechGroupDocument, opts);
  const [update, updated] = useMutation(UpdateAdtechGroupDocument, opts);

  const save = async (v: GroupForm) => {
    const input = { group_name: v.group_name, adtech_ids: v.adtech_ids };
    try {
      if (props.group) await update({ variables: { id: props.group.id, input } });
      else await create({ variables: { input } });
      snackbar(`AdTech group ${props.group ? 'updated' : 'created'} successfully`);
      props.onClose();
    } catch (e) {
      if (!applyServerErrors(form.setError, e))
        notify('error', failedTo(props.group ? 'update' : 'create', 'adtech group', describeError(e).message));
    }
  };
  const list = adtechs.data?.adtechs ?? [];

  return (
    <EntityModal
      open={props.open}
      title={props.group ? 'Edit AdTech Group' : 'Add AdTech Group'}
      onClose={props.onClose}
      onSubmit={form.handleSubmit(save)}
      submitting={created.loading || updated.loading}
      testId="adtech-group-modal"
    >
      <TextField control={form.control} name="group_name" label="Group Name" required />
      <Controller
        control={form.control}
        name="adtech_ids"
        render={({ field }) => (
          <Field.Root>
            <Field.Label>AdTechs in the group</Field.Label>
            <Box maxH="60" overflowY="auto" w="100%" borderWidth="1px" borderRadius="md" p="2">
              {adtechs.loading && <Text fontSize="sm">Loading...</Text>}
              {!adtechs.loading && list.length === 0 && (
                <Text fontSize="sm" color="gray.500">
                  No adtechs available
                </Text>
              )}
              <Stack gap="1">
                {list.map((a) => {
                  const ids = field.value ?? [];
                  return (
                    <Checkbox.Root
                      key={a.id}
                      size="sm"
                      checked={ids.includes(a.id)}
                      onCheckedChange={(e) =>
                        field.onChange(e.checked === true ? [...ids, a.id] : ids.filter((id) => id !== a.id))
                      }
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{a.adtech_name}</Checkbox.Label>
                    </Checkbox.Root>
                  );
                })}
              </Stack>
            </Box>
            <Field.HelperText>{entitiesLabel((field.value ?? []).length)} selected</Field.HelperText>
          </Field.Root>
        )}
      />
    </EntityModal>
  );
}
