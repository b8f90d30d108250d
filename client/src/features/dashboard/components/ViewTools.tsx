import { useMutation, useQuery } from '@apollo/client/react';
import {
  Box,
  Button,
  CloseButton,
  Dialog,
  Field,
  HStack,
  IconButton,
  Input,
  Popover,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LuBookmark, LuCheck, LuLink, LuTrash2 } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import { notify } from '../../../components/toaster';
import {
  CreateSavedViewDocument,
  DeleteSavedViewDocument,
  SavedViewsDocument,
  UpdateSavedViewDocument,
  type SavedViewFieldsFragment,
} from '../../../gql/graphql';

/** The words of the Saved views menu and Copy link (docs/api.md#saved-views). */
export const VIEW_TEXTS = {
  savedViews: 'Saved views',
  noViews: 'No saved views yet',
  save: 'Save this view...',
  manage: 'Rename or delete...',
  saveTitle: 'Save this view',
  nameLabel: 'Name',
  nameHelp: 'The customer, dates, filters and tab now on screen are kept under this name, for you only.',
  saveButton: 'Save view',
  saved: 'View saved',
  savedText: (name: string) => `"${name}" is in Saved views.`,
  manageTitle: 'Saved views',
  rename: 'Rename',
  renamed: 'View renamed',
  deleted: 'View deleted',
  deleteLabel: (name: string) => `Delete ${name}`,
  copyLink: 'Copy link',
  copyLinkHint:
    'Copies this page’s address: the link shares this view (customer, dates, filters, tab) with anyone who may see it.',
  linkCopied: 'Link copied',
  linkCopiedText:
    'The link shares this view: whoever opens it, signed in with access to this customer, sees the same customer, dates, filters and tab.',
  copyFailed: 'The link could not be copied',
  copyFailedText: 'Copy the address from the browser’s address bar instead.',
};

const REFETCH = { refetchQueries: [SavedViewsDocument], awaitRefetchQueries: true };
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
/** Two addresses are the same view when their parameters are (in any order). */
const sameQuery = (a: string, b: string) => {
  const sort = (q: string) =>
    [...new URLSearchParams(q)]
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join('&');
  return sort(a) === sort(b);
};

/** Copies the full address of this view, and says that the link shares the view. */
export function CopyLinkButton() {
  async function copy() {
    const href = window.location.href;
    try {
      await navigator.clipboard.writeText(href);
      notify('success', VIEW_TEXTS.linkCopied, VIEW_TEXTS.linkCopiedText);
    } catch {
      notify('error', VIEW_TEXTS.copyFailed, VIEW_TEXTS.copyFailedText);
    }
  }
  return (
    <Button
      size="sm"
      variant="outline"
      bg="white"
      aria-label={`${VIEW_TEXTS.copyLink}. ${VIEW_TEXTS.copyLinkHint}`}
      title={VIEW_TEXTS.copyLinkHint}
      onClick={copy}
      flexShrink={0}
      px={{ base: '2', md: '3' }}
      data-testid="copy-link"
    >
      <LuLink />
      <Box as="span" display={{ base: 'none', md: 'inline' }}>
        {VIEW_TEXTS.copyLink}
      </Box>
    </Button>
  );
}

/**
 * The Saved views menu (a popover: the app's theme carries the popover recipe, not the menu's): pick a saved view
 * (its address's query becomes the page's), name the selection on screen, rename or delete. The list is asked
 * for when the menu first opens, not with the dashboard.
 */
export function SavedViewsMenu() {
  const [params, setParams] = useSearchParams();
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);
  const list = useQuery(SavedViewsDocument, { skip: !wanted, fetchPolicy: 'cache-and-network' });
  const views = list.data?.savedViews ?? [];
  const current = params.toString();

  function pick(action: () => void) {
    setOpen(false);
    action();
  }

  return (
    <>
      <Popover.Root
        open={open}
        onOpenChange={(e) => {
          setOpen(e.open);
          if (e.open) setWanted(true);
        }}
        positioning={{ placement: 'bottom-end' }}
        lazyMount
        unmountOnExit
      >
        <Popover.Trigger asChild>
          <Button
            size="sm"
            variant="outline"
            bg="white"
            aria-label={VIEW_TEXTS.savedViews}
            title={VIEW_TEXTS.savedViews}
            flexShrink={0}
            px={{ base: '2', md: '3' }}
            data-testid="saved-views"
          >
            <LuBookmark />
            <Box as="span" display={{ base: 'none', md: 'inline' }}>
              {VIEW_TEXTS.savedViews}
            </Box>
          </Button>
        </Popover.Trigger>
        <Portal>
          <Popover.Positioner>
            <Popover.Content minW="240px" maxW="min(360px, 95vw)" w="auto" data-testid="saved-views-menu">
              <Popover.Body p="2">
                <Stack gap="0.5" role="group" aria-label={VIEW_TEXTS.savedViews}>
                  {views.length === 0 && (
                    <Text px="2" py="1.5" fontSize="sm" color="gray.600">
                      {list.loading ? 'Loading...' : VIEW_TEXTS.noViews}
                    </Text>
                  )}
                  {views.map((v) => (
                    <Button
                      key={v.id}
                      size="sm"
                      variant="ghost"
                      justifyContent="space-between"
                      fontWeight="normal"
                      onClick={() => pick(() => setParams(new URLSearchParams(v.query)))}
                    >
                      <Box as="span" minW="0" overflow="hidden" textOverflow="ellipsis" whiteSpace="nowrap">
                        {v.name}
                      </Box>
                      {sameQuery(v.query, current) && <LuCheck aria-hidden />}
                    </Button>
                  ))}
                </Stack>
                <Box borderTopWidth="1px" my="1.5" />
                <Stack gap="0.5">
                  <Button
                    size="sm"
                    variant="ghost"
                    justifyContent="flex-start"
                    onClick={() => pick(() => setDialog('save'))}
                  >
                    {VIEW_TEXTS.save}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    justifyContent="flex-start"
                    disabled={views.length === 0}
                    onClick={() => pick(() => setDialog('manage'))}
                  >
                    {VIEW_TEXTS.manage}
                  </Button>
                </Stack>
              </Popover.Body>
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
      {/* Kept mounted once wanted and opened by `open`, as the dashboard's other dialogs are. */}
      {wanted && <SaveDialog open={dialog === 'save'} query={current} onClose={() => setDialog(null)} />}
      {wanted && <ManageDialog open={dialog === 'manage'} views={views} onClose={() => setDialog(null)} />}
    </>
  );
}

function ViewDialog(props: {
  open: boolean;
  title: string;
  onClose(): void;
  children: React.ReactNode;
  testId: string;
}) {
  return (
    // Not closed by a focus or click outside: the popover it opens from hands the focus back to its trigger as it
    // closes, which would close this dialog at once. Escape and the close button close it.
    <Dialog.Root
      open={props.open}
      onOpenChange={(d) => !d.open && props.onClose()}
      placement="center"
      size="sm"
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={props.testId}>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            {props.children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function SaveDialog({ open, query, onClose }: { open: boolean; query: string; onClose(): void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [create, created] = useMutation(CreateSavedViewDocument, REFETCH);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      const r = await create({ variables: { input: { name, query } } });
      notify('success', VIEW_TEXTS.saved, VIEW_TEXTS.savedText(r.data?.createSavedView.name ?? name.trim()));
      setName('');
      onClose();
    } catch (err) {
      setError(messageOf(err));
    }
  }
  return (
    <ViewDialog open={open} title={VIEW_TEXTS.saveTitle} onClose={onClose} testId="save-view-dialog">
      <form onSubmit={submit}>
        <Dialog.Body>
          <Field.Root invalid={error !== null}>
            <Field.Label>{VIEW_TEXTS.nameLabel}</Field.Label>
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} autoFocus />
            {error ? (
              <Field.ErrorText>{error}</Field.ErrorText>
            ) : (
              <Field.HelperText>{VIEW_TEXTS.nameHelp}</Field.HelperText>
            )}
          </Field.Root>
        </Dialog.Body>
        <Dialog.Footer>
          <Button type="submit" colorPalette="brand" loading={created.loading}>
            {VIEW_TEXTS.saveButton}
          </Button>
        </Dialog.Footer>
      </form>
    </ViewDialog>
  );
}

function ManageDialog({
  open,
  views,
  onClose,
}: {
  open: boolean;
  views: readonly SavedViewFieldsFragment[];
  onClose(): void;
}) {
  return (
    <ViewDialog open={open} title={VIEW_TEXTS.manageTitle} onClose={onClose} testId="manage-views-dialog">
      <Dialog.Body>
        <Stack gap="3">
          {views.length === 0 && <Text color="gray.600">{VIEW_TEXTS.noViews}</Text>}
          {views.map((v) => (
            <ViewRow key={`${v.id}:${v.name}`} view={v} />
          ))}
        </Stack>
      </Dialog.Body>
    </ViewDialog>
  );
}

function ViewRow({ view }: { view: SavedViewFieldsFragment }) {
  const [name, setName] = useState(view.name);
  const [error, setError] = useState<string | null>(null);
  const [update, updated] = useMutation(UpdateSavedViewDocument, REFETCH);
  const [remove, removed] = useMutation(DeleteSavedViewDocument, REFETCH);
  async function rename(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await update({ variables: { id: view.id, input: { name } } });
      notify('success', VIEW_TEXTS.renamed, VIEW_TEXTS.savedText(name.trim()));
    } catch (err) {
      setError(messageOf(err));
    }
  }
  async function del() {
    try {
      await remove({ variables: { id: view.id } });
      notify('success', VIEW_TEXTS.deleted, view.name);
    } catch (err) {
      setError(messageOf(err));
    }
  }
  return (
    <form onSubmit={rename} data-testid="saved-view-row">
      <Field.Root invalid={error !== null}>
        <HStack gap="2" w="100%">
          <Input
            size="sm"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
            aria-label={`${VIEW_TEXTS.nameLabel} of ${view.name}`}
          />
          <Button size="sm" variant="outline" type="submit" loading={updated.loading} disabled={name === view.name}>
            {VIEW_TEXTS.rename}
          </Button>
          <IconButton
            size="sm"
            variant="ghost"
            colorPalette="red"
            aria-label={VIEW_TEXTS.deleteLabel(view.name)}
            onClick={del}
            loading={removed.loading}
          >
            <LuTrash2 />
          </IconButton>
        </HStack>
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
    </form>
  );
}
