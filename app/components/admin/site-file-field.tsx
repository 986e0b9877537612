import { FileIcon, Trash2Icon, UploadIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { FieldError, FieldHint } from "~/components/admin/field";
import { showToast } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { type FileKind, fileKinds, type SiteFileKey, siteFiles, tooLargeMessage } from "~/lib/uploads";
import { cn } from "~/lib/utils";
import { uploadFile } from "./upload-file";

/** A first check in the browser, before a large file travels for nothing (the server checks the bytes again and decides). */
function checkInBrowser(kind: FileKind, file: File) {
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  if (type === "image/svg+xml" || name.endsWith(".svg")) {
    return "SVG images are not accepted because they can carry scripts. Please upload a PNG, JPEG, WebP or GIF instead.";
  }
  const fits =
    kind === "image"
      ? type.startsWith("image/")
      : kind === "favicon"
        ? ["image/png", "image/x-icon", "image/vnd.microsoft.icon"].includes(type) || /\.(png|ico)$/.test(name)
        : kind === "document"
          ? ["application/pdf", "application/zip", "application/x-zip-compressed"].includes(type) ||
            /\.(pdf|zip)$/.test(name)
          : type.startsWith("video/");
  if (!fits) return fileKinds[kind].wrongType;
  if (file.size > fileKinds[kind].maxBytes) return tooLargeMessage(kind);
  return null;
}

function fileName(url: string) {
  return url.slice(url.lastIndexOf("/") + 1);
}

/** One file setting: what is there now, a picker that uploads with a progress bar, and removal. */
export function SiteFileField({ settingKey, value }: { settingKey: SiteFileKey; value: string | null }) {
  const setting = siteFiles[settingKey];
  const kind = fileKinds[setting.kind];
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function upload(file: File) {
    setError(null);
    const problem = checkInBrowser(setting.kind, file);
    if (problem) {
      // Shown under the field only: a refused file is the field's error, not a second message.
      setError(problem);
      return;
    }
    setProgress(0);
    const result = await uploadFile(file, { bucket: setting.bucket, prefix: settingKey, onProgress: setProgress });
    setProgress(null);
    if (input.current) input.current.value = "";
    if ("error" in result) {
      setError(result.error);
      return;
    }
    showToast({ type: "success", title: "Success", description: setting.success });
    await revalidator.revalidate();
  }

  const busy = progress !== null;
  return (
    <div data-slot="site-file-field" className="grid gap-3 rounded-lg border p-4" data-setting={settingKey}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <Label htmlFor={id}>{setting.label}</Label>
          <FieldHint id={id}>{kind.hint}</FieldHint>
        </div>
        <div className="flex gap-2">
          <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => input.current?.click()}>
            <UploadIcon aria-hidden />
            {value ? "Replace" : "Upload"}
          </Button>
          {value ? (
            <ConfirmDialog
              trigger={
                <Button type="button" size="sm" variant="ghost" disabled={busy} aria-label={`Remove ${setting.label}`}>
                  <Trash2Icon aria-hidden />
                  Remove
                </Button>
              }
              title={`Remove the ${setting.label.toLowerCase()}?`}
              description="The file is deleted and the public site goes back to its default."
              confirmLabel="Remove"
              fields={{ intent: "remove-file", key: settingKey }}
            />
          ) : null}
        </div>
      </div>
      <input
        ref={input}
        id={id}
        type="file"
        accept={kind.accept}
        className="sr-only"
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        disabled={busy}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) void upload(file);
        }}
      />
      <Preview kind={setting.kind} value={value} label={setting.label} />
      {busy ? (
        <div className="grid gap-1">
          <div
            role="progressbar"
            aria-label={`Uploading ${setting.label.toLowerCase()}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress ?? 0}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary transition-[width]" style={{ width: `${progress ?? 0}%` }} />
          </div>
          <p className="text-muted-foreground text-xs">Uploading… {progress ?? 0}%</p>
        </div>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

function Preview({ kind, value, label }: { kind: FileKind; value: string | null; label: string }) {
  if (!value) return <p className="text-muted-foreground text-sm">Nothing uploaded yet.</p>;
  if (kind === "video") {
    return (
      <video
        src={value}
        controls
        muted
        preload="metadata"
        className="aspect-video w-full max-w-md rounded-md bg-black"
      />
    );
  }
  if (kind === "document") {
    return (
      <a href={value} className="inline-flex items-center gap-2 text-primary text-sm underline underline-offset-4">
        <FileIcon className="size-4" aria-hidden />
        {fileName(value)}
      </a>
    );
  }
  return (
    <img
      src={value}
      alt={`Current ${label.toLowerCase()}`}
      className={cn("rounded-md border bg-muted/40 object-contain", kind === "favicon" ? "size-8" : "h-16 max-w-60")}
    />
  );
}
