import type { ApiArea } from "../schemas/api-keys";

/** An API key as Settings lists it (never the key itself, which is shown once). */
export type ApiKeyRow = {
  id: string;
  userId: string;
  ownerEmail: string;
  name: string;
  prefix: string;
  readOnly: boolean;
  areas: ApiArea[];
  expiresAt: string;
  lastUsedAt: string | null;
  createdAt: string;
};

/** The answer to creating a key: the key, this once. */
export type CreatedApiKey = { name: string; key: string; expiresAt: string };
