// Express's own request helpers, used directly where a request is answered before Express sees it.
// Neither package ships types; these are the signatures the code relies on.

declare module "proxy-addr" {
  import type { IncomingMessage } from "node:http";
  /** The client's address: the first address in the forwarding chain that `trust` does not trust. */
  export default function proxyaddr(req: IncomingMessage, trust: (address: string, hop: number) => boolean): string;
}

declare module "fresh" {
  /** Whether the response the client already holds (by its validators) is still the one the server would send. */
  export default function fresh(
    requestHeaders: Record<string, string | string[] | undefined>,
    responseHeaders: Record<string, string | undefined>,
  ): boolean;
}
