import { useState } from 'react';
import { errorMessageOf } from '../../shared/request';

/**
 * A sign-in form's request in flight and the error it ended with: `run` clears the last error, marks
 * the form busy while the work runs, and shows what went wrong in the form's alert.
 */
export function useSubmission() {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<unknown>) => {
    setError(null);
    setSubmitting(true);
    try {
      await work();
    } catch (caught) {
      setError(errorMessageOf(caught));
    } finally {
      setSubmitting(false);
    }
  };
  return { submitting, error, setError, run };
}
