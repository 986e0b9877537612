import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";

type Failure = { ok: false };

/**
 * A dialog whose form posts through a fetcher: it closes when a submission ends without a failure
 * (a redirect or `{ ok: true }`), and stays open with what was typed when the server refuses.
 */
export function useDialogFetcher<T extends { ok: boolean } | Failure>(initiallyOpen = false) {
  const fetcher = useFetcher<T>();
  const [open, setOpen] = useState(initiallyOpen);
  const submitted = useRef(false);
  useEffect(() => {
    if (fetcher.state === "submitting") submitted.current = true;
    if (fetcher.state === "idle" && submitted.current) {
      submitted.current = false;
      if (!fetcher.data || fetcher.data.ok) setOpen(false);
    }
  }, [fetcher.state, fetcher.data]);
  return { fetcher, open, setOpen, busy: fetcher.state !== "idle" };
}
