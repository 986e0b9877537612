import type * as React from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";

/** What each site settings form gets: the saved values, and after a refusal the errors and what was typed. */
export type FormProps<Site> = {
  site: Site;
  fieldErrors: Record<string, string>;
  typed: Record<string, string>;
  busy: boolean;
};

/** A field's starting value: what was typed before a refusal, else the saved setting, else the fallback. */
export function startingValue<Site extends Record<string, string | null>>(
  { site, typed }: Pick<FormProps<Site>, "site" | "typed">,
  key: keyof Site & string,
  fallback: string | number = "",
) {
  return typed[key] ?? site[key] ?? String(fallback);
}

/** One settings form: it posts its intent, and its save button says so while saving. */
export function SettingsForm({
  intent,
  busy,
  submitLabel,
  children,
}: {
  intent: string;
  busy: boolean;
  submitLabel: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" className="grid max-w-2xl gap-4">
      <input type="hidden" name="intent" value={intent} />
      {children}
      <Button type="submit" className="justify-self-start" disabled={busy}>
        {busy ? "Saving..." : submitLabel}
      </Button>
    </Form>
  );
}
