import { ImageIcon, UploadIcon } from "lucide-react";
import { useRef, useState } from "react";
import { FieldError, FieldHint } from "~/components/admin/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { uploadFile } from "./upload-file";

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * The blog's Featured Image: an address field (an uploaded /uploads/… file or an https:// image), and a
 * file picker that uploads to the site's storage with progress and writes the stored file's address in.
 */
export function FeaturedImageField({
  id,
  name,
  value,
  onChange,
  error,
}: {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);

  async function upload(file: File) {
    setUploadError(null);
    if (!file.type.startsWith("image/")) return setUploadError("Please select an image file");
    if (file.size > MAX_IMAGE_BYTES) return setUploadError("Images must be at most 5 MB.");
    setProgress(0);
    const result = await uploadFile(file, { bucket: "pdfs", prefix: "blog-images/", onProgress: setProgress });
    setProgress(null);
    if (fileInput.current) fileInput.current.value = "";
    if ("url" in result) onChange(result.url);
    else setUploadError(result.error);
  }

  const message = uploadError ?? error;
  return (
    <div data-slot="featured-image-field" className="grid gap-2">
      <Label htmlFor={id}>Featured Image</Label>
      <div className="flex gap-3">
        <div className="grid size-16 shrink-0 place-items-center overflow-hidden rounded-md border bg-muted">
          {value ? (
            <img src={value} alt="Featured preview" className="size-full object-cover" />
          ) : (
            <ImageIcon className="size-6 text-muted-foreground" aria-hidden />
          )}
        </div>
        <div className="grid flex-1 gap-2">
          <Input
            id={id}
            name={name}
            value={value}
            placeholder="/uploads/… or https://…"
            maxLength={2048}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${id}-error` : `${id}-hint`}
            onChange={(event) => onChange(event.currentTarget.value)}
          />
          <div className="flex flex-wrap items-center gap-2">
            <label
              htmlFor={`${id}-file`}
              className="inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-md border bg-background px-3 font-medium text-sm shadow-xs hover:bg-accent has-[:disabled]:pointer-events-none has-[:disabled]:opacity-50"
            >
              <UploadIcon className="size-4" aria-hidden /> Upload image
              <input
                ref={fileInput}
                id={`${id}-file`}
                type="file"
                accept="image/*"
                className="sr-only"
                disabled={progress !== null}
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  if (file) void upload(file);
                }}
              />
            </label>
            {progress !== null ? (
              <progress max={100} value={progress} aria-label="Upload progress" className="h-2 w-32">
                {progress}%
              </progress>
            ) : null}
            {value ? (
              <button type="button" className="text-muted-foreground text-sm underline" onClick={() => onChange("")}>
                Remove
              </button>
            ) : null}
          </div>
          <FieldHint id={id}>PNG, JPEG, WebP or GIF up to 5 MB, or the address of an image.</FieldHint>
        </div>
      </div>
      <FieldError id={id} error={message} />
    </div>
  );
}
