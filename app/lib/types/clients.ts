import type { ClientStatus } from "../schemas/clients";
import type { LeadSummary } from "./leads";

export type Client = {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  address: string | null;
  status: ClientStatus;
  leadId: string | null;
  ownerId: string | null;
  createdAt: string;
  updatedAt: string;
};

/** The lead a client is being made from, and the client already made from it, if any. */
export type LeadForConversion = Pick<LeadSummary, "id" | "name" | "email" | "phone" | "company" | "status"> & {
  existingClient: { id: string; name: string } | null;
};
