import { useEffect, useRef, useState } from 'react';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import { describeError } from '../../../app/api-errors';
import { applyServerErrors, rulesResolver } from '../../../components/form-rules';
import { notify } from '../../../components/toaster';
import { associationOutcome } from '../association';
import { snackbar } from '../../../components/snackbar';
import { failedTo, SEARCH_FROM, TEXTS } from '../texts';
import { useDebounced } from '../useDebounced';

/** How a modal saves: each call answers the API's answer (the associate answer says whether it took effect). */
export interface AssociableSave<F, R> {
  associate(picked: R, values: F): Promise<unknown>;
  update(record: R, values: F): Promise<unknown>;
  create(values: F): Promise<unknown>;
}

/**
 * The form of the agency and client modals (spec 2-5, 8, 9): create, edit, or associate an existing
 * unassociated organisation picked from the name search. Holds the picked record, validates with the rules
 * of the current mode, resets when the modal opens, debounces the name for the search (and says when it
 * runs) and runs the save with the spec's snackbar texts, placing the API's field errors on the form.
 */
export function useAssociableForm<F extends FieldValues, R>(cfg: {
  open: boolean;
  /** The record being edited; null to create. */
  record: R | null;
  empty: F;
  formOf(record: R): F;
  /** The field holding the name the association search looks for. */
  nameField: Path<F>;
  /** Whether this user may associate (the name field then searches existing records while creating). */
  searchExisting: boolean;
  /** Per-field problems of the values, for the mode (associating or not). */
  check(values: F, associating: boolean): Record<string, string>;
  noun: 'agency' | 'client';
  save: AssociableSave<F, R>;
  onClose(): void;
}) {
  const editing = cfg.record !== null;
  const [picked, setPicked] = useState<R | null>(null);
  const associating = useRef(false);
  associating.current = picked !== null;
  const check = useRef(cfg.check);
  check.current = cfg.check;
  const form = useForm<F>({
    defaultValues: cfg.empty as DefaultValues<F>,
    mode: 'onTouched',
    resolver: rulesResolver((v: F) => check.current(v, associating.current)),
  });

  const { open, record, empty, formOf } = cfg;
  useEffect(() => {
    if (!open) return;
    setPicked(null);
    form.reset(record ? formOf(record) : empty);
    // `empty` and `formOf` are module constants of each modal.
  }, [open, record, form, empty, formOf]);

  // The association search asks the server per pause in typing (spec 5: from 2 characters, at most 10).
  const typed = useDebounced(String(form.watch(cfg.nameField) ?? '').trim());
  const searching = cfg.open && !editing && cfg.searchExisting && picked === null && typed.length >= SEARCH_FROM;

  const Label = cfg.noun === 'agency' ? 'Agency' : 'Client';
  const submit = form.handleSubmit(async (values: F) => {
    const verb = picked ? 'associate' : editing ? 'update' : 'create';
    try {
      if (picked) {
        const answer = await cfg.save.associate(picked, values);
        snackbar(
          associationOutcome(answer) === 'associated'
            ? `${Label} associated successfully`
            : TEXTS.associationRequestSent,
        );
      } else if (cfg.record) {
        await cfg.save.update(cfg.record, values);
        snackbar(`${Label} updated successfully`);
      } else {
        await cfg.save.create(values);
        snackbar(`${Label} created successfully`);
      }
      cfg.onClose();
    } catch (e) {
      if (!applyServerErrors(form.setError, e)) notify('error', failedTo(verb, cfg.noun, describeError(e).message));
    }
  });

  return {
    form,
    editing,
    picked,
    /** Whether the name field offers existing records (creating, allowed, nothing picked yet). */
    offersExisting: !editing && cfg.searchExisting && picked === null,
    /**
     * The search's variables and whether it runs. The variables keep the last name typed while the search is
     * skipped: changing them on a skipped query left a mutation's refetch of it waiting forever.
     */
    search: { variables: { associated: false, q: typed }, skip: !searching },
    pick(r: R) {
      setPicked(r);
      form.reset(cfg.formOf(r));
    },
    clear() {
      setPicked(null);
      form.reset(cfg.empty);
    },
    title: picked ? `Associate Existing ${Label}` : editing ? `Edit ${Label}` : `Add New ${Label}`,
    submitLabel: picked ? 'Associate' : 'Save',
    submit,
  };
}
