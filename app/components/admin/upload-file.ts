/**
 * Sends one file to the admin upload endpoint (`POST /admin/uploads`, multipart: `file`, `bucket`,
 * `prefix`) and reports progress. XMLHttpRequest rather than fetch: only it reports upload progress.
 * Resolves with the stored file's `{ url }` or an `{ error }` to show; never rejects.
 */
export type UploadResult = { url: string } | { error: string };

export type UploadOptions = {
  bucket: string;
  prefix?: string;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  endpoint?: string;
};

export function uploadFile(file: File, options: UploadOptions): Promise<UploadResult> {
  const body = new FormData();
  body.append("file", file);
  body.append("bucket", options.bucket);
  if (options.prefix) body.append("prefix", options.prefix);
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", options.endpoint ?? "/admin/uploads");
    request.responseType = "text";
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => resolve(readAnswer(request.status, request.responseText));
    request.onerror = () => resolve({ error: "The upload failed: the server could not be reached." });
    request.onabort = () => resolve({ error: "The upload was cancelled." });
    options.signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(body);
  });
}

function readAnswer(status: number, text: string): UploadResult {
  let answer: { url?: unknown; error?: unknown } = {};
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {}
  if (status >= 200 && status < 300 && typeof answer.url === "string") return { url: answer.url };
  if (typeof answer.error === "string") return { error: answer.error };
  if (status === 404) return { error: "Uploads are not available on this server yet; paste an image address instead." };
  if (status === 413) return { error: "That file is too large." };
  if (status === 403) return { error: "You are not allowed to upload files." };
  return { error: `The upload failed (HTTP ${status}).` };
}
