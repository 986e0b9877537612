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

type NoInput = z.ZodObject<Record<never, never>>;
type Method = ApiRoute["method"];

/**
 * One row of a route table: what differs from route to route. The path's ids are checked as record
 * ids and reach the handler as `params` (and in the body, as the screens' forms post them).
 */
export type RouteRow = Pick<ApiRoute, "summary" | "query" | "body" | "status" | "run"> & {
  /** The admin screen whose roles apply, when not the table's own. */
  screen?: string;
  /** For a change: the screen's intent whose role rule applies. */
  intent?: string;
};

/** A row, its handler typed by its schemas. */
export function row<Q extends z.ZodType = NoInput, B extends z.ZodType = NoInput>(spec: {
  summary: string;
  screen?: string;
  intent?: string;
  query?: Q;
  body?: B;
  status?: number;
  run(context: ApiContext<Record<string, string>, z.output<Q>, z.output<B>>): Promise<unknown>;
}): RouteRow {
  return spec;
}

/**
 * The routes of one area from a table keyed `"<method> <path>"`, as the screens' intent tables are keyed
 * by intent: the area and screen are the table's (a row may name another screen), a change is anything
 * but a GET, and the path's ids are checked from the path itself.
 */
export function routeTable(
  area: Operation["area"],
  screen: string,
  rows: Record<`${Method} /${string}`, RouteRow>,
): ApiRoute[] {
  return Object.entries(rows).map(([key, { screen: own, intent, ...spec }]) => {
    const [method, path] = key.split(" ") as [Method, string];
    const ids = [...path.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
    return {
      method,
      path,
      ...spec,
      params: ids.length > 0 ? z.object(Object.fromEntries(ids.map((id) => [id, recordId]))) : undefined,
      operation: { area, path: own ?? screen, ...(intent ? { intent } : {}), write: method !== "get" },
    };
  });
}

/** A record's id in a path. */
export const recordId = z.string().min(1).max(64);
