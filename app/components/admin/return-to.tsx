import { useLocation } from "react-router";

/** This screen with its current filters, minus one-off parameters (like `convert`). */
export function useReturnTo(omit: string[] = []) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  for (const name of omit) params.delete(name);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ""}`;
}

/** Where the server sends the user back after the change: this screen with its current filters. */
export function ReturnTo({ omit }: { omit?: string[] }) {
  return <input type="hidden" name="returnTo" value={useReturnTo(omit)} />;
}
