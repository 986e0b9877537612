import { useEffect, useState } from "react";
import { useLocation } from "react-router";

const key = (pathname: string) => `list-search:${pathname}`;

/** Remembers this list's filters, sort and page for the session, so that its items can lead back to them. */
export function useRememberListSearch() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    try {
      sessionStorage.setItem(key(pathname), search);
    } catch {
      // Storage may be off (private mode, quota): the way back is then the plain list.
    }
  }, [pathname, search]);
}

/** The list at `pathname` as the person last left it in this session (its bare address until hydrated). */
export function useListReturn(pathname: string) {
  const [to, setTo] = useState(pathname);
  useEffect(() => {
    try {
      const search = sessionStorage.getItem(key(pathname));
      if (search) setTo(`${pathname}${search}`);
    } catch {
      // As above: the bare list.
    }
  }, [pathname]);
  return to;
}
