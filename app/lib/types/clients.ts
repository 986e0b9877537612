import type { ClientStatus } from "../schemas/clients";
import type { LeadStatus } from "../schemas/lead-admin";

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
export type LeadForConversion = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  status: LeadStatus;
  existingClient: { id: string; name: string } | null;
};
