import { z } from "zod";
import type { Operation } from "~/lib/api-access";
import type { ApiCaller } from "~/server/api-keys/api-keys.server";
import type { AuditActor } from "~/server/audit/audit.server";
import type { AppServices } from "~/server/services.server";

/** The services the API uses. */
export type ApiServices = Pick<AppServices, "db" | "config" | "mailWorker" | "formSecret">;

/** What a route's handler gets: its parsed input, who calls, and the services. */
export type ApiContext<P, Q, B> = {
  params: P;
  query: Q;
  body: B;
  caller: ApiCaller;
  actor: AuditActor;
  services: ApiServices;
};

/**
 * One route of `/api/v1`: the admin screen (and intent) whose role rule applies, the zod schemas its
 * path, query and body are checked with (the screens' own schemas: the OpenAPI document is made from
 * them too), and the handler calling the screens' domain functions.
 */
export type ApiRoute = {
  method: "get" | "post" | "put" | "delete";
  /** Express-style, under /api/v1: `/leads/:leadId`. */
  path: string;
  summary: string;
  operation: Operation;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A successful answer's status (200 unless said). */
  status?: number;
  // biome-ignore lint/suspicious/noExplicitAny: each route's handler has its own input types.
  run(context: ApiContext<any, any, any>): Promise<unknown>;
};

/** A route, typed by its schemas. */
export function apiRoute<
  P extends z.ZodObject = z.ZodObject<Record<never, never>>,
  Q extends z.ZodType = z.ZodObject<Record<never, never>>,
  B extends z.ZodType = z.ZodObject<Record<never, never>>,
>(route: {
  method: ApiRoute["method"];
  path: string;
  summary: string;
  operation: Operation;
  params?: P;
  query?: Q;
  body?: B;
  status?: number;
  run(context: ApiContext<z.output<P>, z.output<Q>, z.output<B>>): Promise<unknown>;
}): ApiRoute {
  return route;
}

/** A record's id in a path. */
export const recordId = z.string().min(1).max(64);
