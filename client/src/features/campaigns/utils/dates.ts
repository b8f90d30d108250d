import { format } from 'date-fns';
import { useEffect } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';

/** Today as the forms hold dates: local 'yyyy-MM-dd' (spec 3: campaign dates default to today). */
export const todayIso = () => format(new Date(), 'yyyy-MM-dd');

/** Spec 4 (dates in forms): a start moved past the end carries the end with it. */
export function useEndFollowsStart<T extends FieldValues>(form: UseFormReturn<T>, start: Path<T>, end: Path<T>) {
  const startValue = form.watch(start) as string | null;
  useEffect(() => {
    const endValue = form.getValues(end) as string | null;
    if (startValue && endValue && endValue < startValue) {
      form.setValue(end, startValue as PathValue<T, Path<T>>, { shouldValidate: true });
    }
  }, [startValue, form, end]);
}
