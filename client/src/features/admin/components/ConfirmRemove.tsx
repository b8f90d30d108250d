import { useMutation } from '@apollo/client/react';
import type { DocumentNode } from 'graphql';
import type { TypedDocumentNode } from '@apollo/client';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notify } from '../../../components/toaster';
import { describeError } from '../../../app/api-errors';
import { snackbar } from '../../../components/snackbar';
import { failedToDelete, TEXTS } from '../texts';

export type RemovableType = 'agency' | 'client' | 'user';

/** The confirmRemove modal (spec 2, 8): asks, removes, then the 6 s snackbar. */
export function ConfirmRemove(props: {
  item: { type: RemovableType; id: number; name: string } | null;
  mutation: TypedDocumentNode<unknown, { id: number }> | DocumentNode;
  refetch: string[];
  onClose(): void;
}) {
  const [remove, { loading }] = useMutation(props.mutation as TypedDocumentNode<unknown, { id: number }>, {
    context: { silent: true },
    refetchQueries: props.refetch,
    awaitRefetchQueries: true,
  });
  const item = props.item;
  return (
    <ConfirmDialog
      open={!!item}
      title="Confirm removal"
      message={item ? TEXTS.confirmRemove(item.type, item.name) : ''}
      confirmLabel="Remove"
      destructive
      loading={loading}
      onClose={props.onClose}
      onConfirm={async () => {
        if (!item) return;
        try {
          await remove({ variables: { id: item.id } });
          snackbar(item.type === 'user' ? TEXTS.userRemoved : TEXTS.agencyRemoved);
          props.onClose();
        } catch (e) {
          notify('error', failedToDelete(item.type, describeError(e).message));
        }
      }}
    />
  );
}
