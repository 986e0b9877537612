/** What a file at a secret address is: its extension, its type, the name it is saved as, what a revoked one says. */
export type SecretFileKind = { extension: string; contentType: string; filename: string; missing: string };

/**
 * GET of a file whose address is its secret (`<token><extension>`: a staff calendar feed, an ad
 * platform's conversion file): kept by no shared cache, never indexed, its address never sent on as
 * a Referer; a 404 once the token is revoked (or was never one).
 */
export async function secretFileResponse(
  file: string,
  kind: SecretFileKind,
  read: (token: string) => Promise<string | null>,
) {
  const token = file.endsWith(kind.extension) ? file.slice(0, -kind.extension.length) : "";
  const body = await read(token);
  if (body === null) {
    return new Response(kind.missing, {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  }
  return new Response(body, {
    headers: {
      "content-type": `${kind.contentType}; charset=utf-8`,
      "content-disposition": `inline; filename="${kind.filename}"`,
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex",
      "referrer-policy": "no-referrer",
    },
  });
}
