import { createContext, type RouterContextProvider } from "react-router";
import type { AppServices, RequestInfo } from "~/server/services.server";

/**
 * Every request's React Router context holds the process's services and the request's own
 * information; route modules read them here and hand plain values to the domain functions.
 */
export const servicesContext = createContext<AppServices>();
export const requestContext = createContext<RequestInfo>();

export function getServices(context: Readonly<RouterContextProvider>) {
  return context.get(servicesContext);
}

export function getRequestInfo(context: Readonly<RouterContextProvider>) {
  return context.get(requestContext);
}
