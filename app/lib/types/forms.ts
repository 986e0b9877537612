import type { FormStatus, FormType } from "../schemas/forms";

export type FormWithCounters = {
  id: string;
  name: string;
  description: string | null;
  formType: FormType;
  status: FormStatus;
  createdAt: string;
  /** One of the names the site's own flows look the form up by: it can be edited but not renamed or deleted. */
  usedBySite: boolean;
  submissions: number;
  leads: number;
  converted: number;
  /** Converted leads out of leads, in percent, rounded; 0 without leads. */
  conversionRate: number;
};
