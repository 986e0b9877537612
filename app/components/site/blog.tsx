import type * as React from "react";

/** A post's featured image at its stored size (800×450); decorative, the title says what it shows. */
export function FeaturedImage({ src, ...props }: { src: string } & Omit<React.ComponentProps<"img">, "src" | "alt">) {
  return <img src={src} alt="" width={800} height={450} {...props} />;
}

/** A post's or published page's body as renderMarkdown made it. */
export function PostHtml({ html }: { html: string }) {
  return (
    <div
      className="prose-content mt-8"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by renderMarkdown, which escapes raw HTML and refuses unsafe links.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
