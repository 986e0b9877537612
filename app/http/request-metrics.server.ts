import type { RequestHandler } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { observeRequest } from "~/server/metrics/metrics.server";

/**
 * Counts each request under its route's pattern (`/blog/:slug`, never the visitor's path, so that
 * the number of series stays fixed) and its status.
 */
export function countRequests(build: ServerBuild | (() => Promise<ServerBuild>)): RequestHandler {
  let patterns: ((path: string) => string | null) | undefined;
  if (typeof build !== "function") patterns = routePatterns(build);
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const labels = { method: req.method, route: routeOf(req, patterns), status: String(res.statusCode) };
      observeRequest(labels, seconds);
    });
    next();
  };
}

function routeOf(req: Parameters<RequestHandler>[0], patterns: ((path: string) => string | null) | undefined) {
  if (req.route?.path) return `${req.baseUrl}${req.route.path}`;
  if (req.path.startsWith("/assets/")) return "/assets/*";
  const path = req.path.endsWith(".data") ? req.path.slice(0, -".data".length) || "/" : req.path;
  // A path that does not decode was refused before routing; matching it would only log a warning.
  if (!decodes(path)) return "other";
  return patterns?.(path) ?? "other";
}

function decodes(path: string) {
  try {
    // The result is used, or the bundler drops the call as free of effects, and the check with it.
    return typeof decodeURIComponent(path) === "string";
  } catch {
    return false;
  }
}

/** The pattern of the React Router route a path goes to, from the build's route table. */
function routePatterns(build: ServerBuild) {
  const manifest = Object.values(build.routes).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    manifest
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, path: route.path, index: true }
          : { id: route.id, path: route.path, children: childrenOf(route.id) },
      );
  const tree = childrenOf(undefined);
  const cache = new Map<string, string | null>();
  return (path: string) => {
    const known = cache.get(path);
    if (known !== undefined) return known;
    const matches = matchRoutes(tree, path);
    const pattern = matches
      ? `/${matches
          .map((match) => match.route.path)
          .filter(Boolean)
          .join("/")}`.replace(/\/+/g, "/")
      : null;
    // Only paths without parameters are cached: those are a fixed set.
    if (matches?.every((match) => Object.keys(match.params).length === 0) && cache.size < 1000)
      cache.set(path, pattern);
    return pattern;
  };
}
