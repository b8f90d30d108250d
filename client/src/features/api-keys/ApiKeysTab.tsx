import { Badge, Box, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useMemo, useState } from 'react';
import { LuKeyRound } from 'react-icons/lu';
import { describeError } from '../../app/api-errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { DataColumn } from '../../components/DataTable';
import { RecordTab, useRecordQuery } from '../../components/RecordTab';
import { formatCount, formatDateTime, formatDay } from '../../components/format';
import { notify } from '../../components/toaster';
import {
  ApiKeysDocument,
  RevokeApiKeyDocument,
  RotateApiKeyDocument,
  type ApiKeyFieldsFragment,
} from '../../gql/graphql';
import { CreateKeyModal } from './CreateKeyModal';
import { SecretDialog } from './SecretDialog';
import { KEYS_TEXT } from './texts';

type Row = ApiKeyFieldsFragment;
const STATUS_COLOUR: Record<string, string> = { Active: 'green', Revoked: 'red', Expired: 'gray' };

/** API keys of the admin's organisation (all keys for the super admin): create, list, rotate, revoke. */
export function ApiKeysTab({ showOwner }: { showOwner: boolean }) {
  const list = useRecordQuery(ApiKeysDocument, {
    entities: 'API keys',
    select: (d) => d.apiKeys,
    fetchPolicy: 'cache-and-network',
  });
  const [creating, setCreating] = useState(false);
  const [issued, setIssued] = useState<{ secret: string; name: string; oldUntil?: string | null } | null>(null);
  const [confirm, setConfirm] = useState<{ key: Row; action: 'revoke' | 'rotate' } | null>(null);
  const opts = { context: { silent: true }, refetchQueries: ['ApiKeys'], awaitRefetchQueries: true };
  const [revoke, revoking] = useMutation(RevokeApiKeyDocument, opts);
  const [rotate, rotating] = useMutation(RotateApiKeyDocument, opts);

  const act = async () => {
    if (!confirm) return;
    const { key, action } = confirm;
    try {
      if (action === 'revoke') {
        await revoke({ variables: { id: key.id } });
        notify('success', KEYS_TEXT.revoked(key.name));
      } else {
        const r = await rotate({ variables: { id: key.id } });
        const rotated = r.data?.rotateApiKey;
        if (rotated)
          setIssued({ secret: rotated.secret, name: key.name, oldUntil: rotated.key.old_secret_valid_until });
      }
    } catch (e) {
      notify('error', `Failed to ${action} API key`, describeError(e).message);
    }
    setConfirm(null);
  };

  const columns = useMemo<DataColumn<Row>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        accessorFn: (r) => r.name,
        cell: ({ row }) => (
          <Stack gap="0">
            <Text fontWeight="medium">{row.original.name}</Text>
            <Code variant="plain" fontSize="xs" bg="transparent" px="0" color="gray.600">
              {row.original.prefix}…
            </Code>
          </Stack>
        ),
      },
      ...(showOwner
        ? [{ id: 'owner', header: 'Organisation', accessorFn: (r: Row) => r.entity_name } as DataColumn<Row>]
        : []),
      {
        id: 'scopes',
        header: 'Scopes',
        accessorFn: (r) => r.scopes.join(', '),
        cell: ({ row }) => (
          <HStack gap="1" wrap="wrap">
            {row.original.scopes.map((s) => (
              <Badge key={s} variant="subtle" colorPalette={s === 'read' ? 'blue' : s === 'write' ? 'purple' : 'teal'}>
                {s}
              </Badge>
            ))}
          </HStack>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        accessorFn: (r) => r.status,
        cell: ({ row }) => (
          <Stack gap="0.5" align="start">
            <Badge colorPalette={STATUS_COLOUR[row.original.status] ?? 'gray'}>{row.original.status}</Badge>
            {row.original.old_secret_valid_until && (
              <Text fontSize="xs" color="orange.700" data-testid="old-secret-until">
                {KEYS_TEXT.oldSecretUntil(formatDateTime(row.original.old_secret_valid_until))}
              </Text>
            )}
          </Stack>
        ),
      },
      {
        id: 'last_used_at',
        header: 'Last Used',
        accessorFn: (r) => r.last_used_at ?? '',
        cell: ({ row }) => (row.original.last_used_at ? formatDateTime(row.original.last_used_at) : KEYS_TEXT.never),
      },
      {
        id: 'usage',
        header: 'Usage',
        accessorFn: (r) => r.usage_total,
        cell: ({ row }) => (
          <Text title={`${formatCount(row.original.usage_today)} today`}>
            {formatCount(row.original.usage_total)}
            <Text as="span" color="gray.500" fontSize="xs">
              {' '}
              ({formatCount(row.original.usage_today)} today)
            </Text>
          </Text>
        ),
      },
      {
        id: 'expires_at',
        header: 'Expires',
        accessorFn: (r) => r.expires_at ?? '',
        cell: ({ row }) =>
          row.original.expires_at ? formatDay(row.original.expires_at.slice(0, 10)) : KEYS_TEXT.never,
      },
    ],
    [showOwner],
  );

  return (
    <RecordTab
      grid={{ testId: 'api-keys-table', caption: 'API keys', empty: KEYS_TEXT.empty, paged: true }}
      list={list}
      columns={columns}
      actions={[
        {
          kind: 'rotate',
          label: (r) => `Rotate ${r.name}`,
          shown: (r) => r.status === 'Active',
          onClick: (key) => setConfirm({ key, action: 'rotate' }),
        },
        {
          kind: 'revoke',
          label: (r) => `Revoke ${r.name}`,
          shown: (r) => r.status === 'Active',
          onClick: (key) => setConfirm({ key, action: 'revoke' }),
        },
      ]}
      add={{ label: KEYS_TEXT.create, onClick: () => setCreating(true) }}
      intro={
        <HStack gap="2" color="gray.600" align="start">
          <Box pt="1" flexShrink={0}>
            <LuKeyRound />
          </Box>
          <Text fontSize="sm">{KEYS_TEXT.intro}</Text>
        </HStack>
      }
    >
      <CreateKeyModal
        open={creating}
        choosesOrganisation={showOwner}
        onClose={() => setCreating(false)}
        onCreated={(secret, name) => {
          setCreating(false);
          setIssued({ secret, name });
          notify('success', KEYS_TEXT.created(name));
        }}
      />
      <SecretDialog
        secret={issued?.secret ?? null}
        name={issued?.name ?? ''}
        note={issued?.oldUntil ? KEYS_TEXT.oldSecretUntil(formatDateTime(issued.oldUntil)) : undefined}
        onClose={() => setIssued(null)}
      />
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.action === 'rotate' ? KEYS_TEXT.rotateTitle : KEYS_TEXT.revokeTitle}
        message={
          confirm
            ? confirm.action === 'rotate'
              ? KEYS_TEXT.rotateMessage(confirm.key.name)
              : KEYS_TEXT.revokeMessage(confirm.key.name)
            : ''
        }
        confirmLabel={confirm?.action === 'rotate' ? KEYS_TEXT.rotateConfirm : KEYS_TEXT.revokeConfirm}
        destructive={confirm?.action === 'revoke'}
        loading={revoking.loading || rotating.loading}
        onConfirm={() => void act()}
        onClose={() => setConfirm(null)}
      />
    </RecordTab>
  );
}
