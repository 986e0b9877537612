type RunningServer = {
  url: string;
  close(options?: { handOver?: boolean }): Promise<void>;
  services: { logger: { info(obj: object, msg: string): void } };
};
type StartServer = (options: Record<string, unknown>) => Promise<RunningServer>;
export type App = { startServer: StartServer; options: Record<string, unknown> };

export function fail(message: string): never;
export function loadProductionApp(root: string): Promise<App>;
export function serveApp(app: App): Promise<void>;
export function failedToStart(error: unknown): never;
