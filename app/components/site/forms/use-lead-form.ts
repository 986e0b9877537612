import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useSiteToast } from "~/components/site/site-toaster";
import type { LeadFlowName as LeadFlow } from "~/lib/lead-options";

export type LeadActionData = {
  flow: LeadFlow;
  ok: boolean;
  title: string;
  description: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
  downloadUrl?: string | null;
  leadEmail?: string | null;
  redirectUrl?: string | null;
};

/**
 * Submits a visitor form to /lead without a reload: checks the required fields first (the
 * 'Missing Information' toasts, before a round trip), adds where the visitor is, shows the answer as a toast and clears the
 * form after success. Without JavaScript the same form posts to /lead as a normal page.
 */
export function useLeadForm(flow: LeadFlow, { onSuccess }: { onSuccess?: (data: LeadActionData) => void } = {}) {
  const fetcher = useFetcher<LeadActionData>({ key: `lead-${flow}` });
  const toast = useSiteToast();
  const formRef = useRef<HTMLFormElement>(null);
  const handled = useRef<LeadActionData | undefined>(undefined);

  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || !data || handled.current === data) return;
    handled.current = data;
    toast({ type: data.ok ? "success" : "error", title: data.title, description: data.description });
    if (data.ok) {
      formRef.current?.reset();
      onSuccess?.(data);
    }
  }, [fetcher.state, fetcher.data, toast, onSuccess]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const values = Object.fromEntries([...formData].filter(([, value]) => typeof value === "string")) as Record<
      string,
      string
    >;
    // The checks and their messages load with the first submission, not with the page.
    void import("~/lib/lead-checks").then(({ checkLeadFields, leadMessages }) => {
      const problem = checkLeadFields(flow, values);
      if (problem) {
        const [title, description] =
          problem === "missing"
            ? leadMessages[flow].missing
            : ["Please check the form", "Please enter a valid e-mail address."];
        toast({ type: "error", title, description });
        return;
      }
      // A form on a page of its own may already name the page the visitor came from.
      if (!formData.get("pageUrl")) formData.set("pageUrl", window.location.href);
      addVisitorContext(formData);
      fetcher.submit(formData, { method: "post", action: "/lead" });
    });
  };

  return { formRef, onSubmit, busy: fetcher.state !== "idle" };
}

/** Adds where the visitor comes from and what they browse with to a form's data before it is sent. */
export function addVisitorContext(formData: FormData) {
  formData.set("referrer", document.referrer);
  formData.set("language", navigator.language);
  formData.set(
    "platform",
    (navigator as { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform,
  );
}
