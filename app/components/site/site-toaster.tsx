import type * as React from "react";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { ServerTemplate } from "~/components/server-template";
import { XIcon } from "~/components/site/icons/xicon";
import { cx } from "~/lib/cx";
import type { ToastMessage } from "~/lib/toast";

type SiteToast = Omit<ToastMessage, "id"> & { id?: string };

const ToastContext = createContext<(toast: SiteToast) => void>(() => {});

const VISIBLE_MS = 6000;

/**
 * The public site's toasts: a few hundred bytes instead of a toast library, because every byte of
 * JavaScript here is paid by visitors. Failures use the destructive style, so they never read as a success.
 */
export function SiteToaster({ children }: { children: React.ReactNode }) {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: string) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
  }, []);

  const show = useCallback(
    (toast: SiteToast) => {
      const id = toast.id ?? crypto.randomUUID();
      setToasts((current) => [...current.filter((each) => each.id !== id), { ...toast, id }].slice(-3));
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), VISIBLE_MS),
      );
    },
    [dismiss],
  );

  const root = useRouteLoaderData("root") as { toast: ToastMessage | null } | undefined;
  useEffect(() => {
    if (root?.toast) show(root.toast);
  }, [root?.toast, show]);

  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <section
        aria-label="Notifications"
        aria-live="polite"
        data-slot="site-toasts"
        className="pointer-events-none fixed right-4 bottom-20 z-50 flex w-[calc(100%-2rem)] max-w-sm flex-col gap-2"
      >
        {toasts.map((toast) => (
          <ToastView key={toast.id} toast={toast} onDismiss={() => dismiss(toast.id)} />
        ))}
        {/* What the islands of pages without React build their toasts from. */}
        <ServerTemplate data-toast-type="success">
          <ToastView toast={{ type: "success", title: "", description: " " }} />
        </ServerTemplate>
        <ServerTemplate data-toast-type="error">
          <ToastView toast={{ type: "error", title: "", description: " " }} />
        </ServerTemplate>
      </section>
    </ToastContext.Provider>
  );
}

/** One toast; without `onDismiss` its button is wired by the islands' toasts module. */
function ToastView({ toast, onDismiss }: { toast: Omit<ToastMessage, "id">; onDismiss?: () => void }) {
  return (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      data-type={toast.type}
      className={cx(
        "pointer-events-auto flex items-start gap-3 rounded-lg border p-4 shadow-lg",
        toast.type === "error"
          ? "border-destructive bg-destructive text-white"
          : "border-border bg-background text-foreground",
      )}
    >
      <div className="min-w-0 flex-1">
        <p data-slot="toast-title" className="font-semibold text-sm">
          {toast.title}
        </p>
        {toast.description ? (
          <p data-slot="toast-description" className="mt-1 text-sm opacity-90">
            {toast.description}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        className="rounded p-1 opacity-80 hover:opacity-100 focus-visible:outline-2"
        aria-label="Dismiss notification"
      >
        <XIcon className="size-4" aria-hidden />
      </button>
    </div>
  );
}

export function useSiteToast() {
  return useContext(ToastContext);
}
