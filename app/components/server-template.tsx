/**
 * A `<template>` whose content the server sends for a script to clone (the islands' dialog and toasts).
 * The HTML parser puts a template's markup into its content fragment, not among its children, so React
 * hydrating the page found no children there, gave up on the whole document and rendered it again
 * from scratch (undoing whatever the visitor had changed before). In the browser the element is
 * therefore opaque to React: the content the server sent stays as it is.
 */
export function ServerTemplate({ children, ...props }: React.ComponentProps<"template">) {
  if (typeof document !== "undefined") {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty string, so React leaves the content alone.
    return <template {...props} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />;
  }
  return <template {...props}>{children}</template>;
}
