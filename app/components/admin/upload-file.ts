/**
 * Sends one file to the admin upload endpoint (`POST /admin/uploads`, multipart: `bucket`, `prefix`,
 * then `file`) and reports progress in percent. XMLHttpRequest rather than fetch: only it reports
 * upload progress. Resolves with the stored file's `{ url }` or an `{ error }` to show; never rejects.
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
  // The fields go first: the server decides the size limit and the allowed types before the file arrives.
  body.append("bucket", options.bucket);
  if (options.prefix) body.append("prefix", options.prefix);
  body.append("file", file);
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", options.endpoint ?? "/admin/uploads");
    request.responseType = "text";
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => resolve(readAnswer(request.status, request.responseText));
    request.onerror = () => resolve({ error: "The connection failed. Please try again." });
    request.onabort = () => resolve({ error: "The upload was cancelled." });
    options.signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(body);
  });
}

function readAnswer(status: number, text: string): UploadResult {
  let answer: { url?: unknown; error?: unknown; message?: unknown } = {};
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {}
  if (status >= 200 && status < 300 && typeof answer.url === "string") return { url: answer.url };
  if (typeof answer.error === "string") return { error: answer.error };
  // The admin guard's refusals say { message }.
  if (typeof answer.message === "string") return { error: answer.message };
  if (status === 413) return { error: "That file is too large." };
  if (status === 403) return { error: "You are not allowed to upload files." };
  return { error: `The upload failed (HTTP ${status}).` };
}
