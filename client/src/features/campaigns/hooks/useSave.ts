import { useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { describeError } from '../../../app/api-errors';
import { applyServerErrors } from '../../../components/form-rules';
import { snackbar } from '../../../components/snackbar';
import { notify } from '../../../components/toaster';
import { TEXTS } from '../texts';

/**
 * Runs a modal's save. Success shows `success` for 6 s (spec 8 style, e.g. 'Campaign created successfully'). A
 * failure shows 'Failed to save {modal}. Please try again.' (spec 8), puts the
 * API's field messages on the fields (or its message under the form) and keeps everything typed.
 */
export function useSave<T extends FieldValues>(modal: string, setError: UseFormSetError<T>) {
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);
  async function run(save: () => Promise<unknown>, success: string): Promise<boolean> {
    setSaving(true);
    setFormError(undefined);
    try {
      await save();
      snackbar(success);
      return true;
    } catch (error) {
      notify('error', TEXTS.saveFailed(modal));
      if (!applyServerErrors(setError, error)) setFormError(describeError(error).message);
      return false;
    } finally {
      setSaving(false);
    }
  }
  return { run, saving, formError };
}
