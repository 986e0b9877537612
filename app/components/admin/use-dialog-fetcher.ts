import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";

/**
 * A dialog whose form posts through a fetcher: it closes when the submission succeeds (the action
 * redirects, which changes the location, or answers `ok: true`) and stays open with what was typed
 * and the server's `failure` when it refuses. The outcome is read from what changed since the
 * submit, not from observing the "submitting" state, which React may batch away.
 */
export function useDialogFetcher<T extends { ok: boolean }>(initiallyOpen = false) {
  const fetcher = useFetcher<T>();
  const location = useLocation();
  const [open, setOpenState] = useState(initiallyOpen);
  const [failure, setFailure] = useState<typeof fetcher.data>(undefined);
  const pending = useRef<{ data: typeof fetcher.data; locationKey: string } | null>(null);
  useEffect(() => {
    const submitted = pending.current;
    if (!submitted || fetcher.state !== "idle") return;
    const answered = fetcher.data !== submitted.data;
    if (!answered && location.key === submitted.locationKey) return;
    pending.current = null;
    if (answered && fetcher.data && !fetcher.data.ok) {
      setFailure(fetcher.data);
    } else {
      setFailure(undefined);
      setOpenState(false);
    }
  }, [fetcher.state, fetcher.data, location.key]);
  const setOpen = (next: boolean) => {
    if (next) setFailure(undefined);
    setOpenState(next);
  };
  const onSubmit = () => {
    pending.current = { data: fetcher.data, locationKey: location.key };
  };
  return { fetcher, open, setOpen, failure, onSubmit, busy: fetcher.state !== "idle" };
}
