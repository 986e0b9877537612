/** The record an audit entry is about, as the log names it: its name, where to open it, or why it is gone. */
export type AuditRecordName = {
  /** e.g. "Pat Lee", "Call with Pat Lee, 3 Dec 10:00", "Erased lead"; null when the log can say nothing more than its kind. */
  label: string | null;
  href: string | null;
  /** The record is no longer kept (deleted, erased or merged away). */
  gone: boolean;
};

/** One audit entry as the screen shows it: who by name, the record by name, changes with people and leads named. */
export type AuditRow = {
  id: string;
  createdAt: string;
  actorName: string;
  /** The e-mail of the actor when the name shown is not it, for the full text on hover and in the export. */
  actorEmail: string | null;
  action: string;
  kind: string;
  recordId: string | null;
  record: AuditRecordName;
  summary: Record<string, unknown> | null;
};
