import { BuildingIcon, LinkIcon, MailIcon, MapPinIcon, PhoneIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { DateText } from "~/components/admin/date-text";
import type { OwnerChoice } from "~/components/admin/leads/lead-owner-select";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { Client } from "~/lib/types/clients";
import { ClientDialog } from "./client-dialog";
import { ClientOwnerSelect, ClientStatusSelect } from "./client-selects";

export function ClientCard({ client, owners, me }: { client: Client; owners: OwnerChoice[]; me: string }) {
  return (
    <Card data-testid={`client-card-${client.email ?? client.name}`}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <CardTitle asChild>
            <h2 className="text-lg">{client.name}</h2>
          </CardTitle>
          <p className="text-muted-foreground text-xs">
            Added <DateText iso={client.createdAt} />
          </p>
        </div>
        <ClientStatusSelect client={client} />
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid gap-2 text-sm">
          <ClientDetail icon={MailIcon} label="Email">
            {client.email ? (
              <a className="underline-offset-4 hover:underline" href={`mailto:${client.email}`}>
                {client.email}
              </a>
            ) : null}
          </ClientDetail>
          <ClientDetail icon={PhoneIcon} label="Phone">
            {client.phone}
          </ClientDetail>
          <ClientDetail icon={BuildingIcon} label="Company">
            {client.company}
          </ClientDetail>
          <ClientDetail icon={MapPinIcon} label="Address">
            {client.address ? <span className="whitespace-pre-line">{client.address}</span> : null}
          </ClientDetail>
          {client.leadId ? (
            <ClientDetail icon={LinkIcon} label="Lead">
              <Link className="text-primary underline underline-offset-4" to={`/admin/leads/${client.leadId}`}>
                View the lead this client came from
              </Link>
            </ClientDetail>
          ) : null}
        </dl>
        <div className="flex flex-wrap items-center gap-2">
          <ClientOwnerSelect client={client} owners={owners} me={me} />
          <ClientDialog mode="edit" client={client} prefill={client} />
        </div>
      </CardContent>
    </Card>
  );
}

function ClientDetail({
  icon: Icon,
  label,
  children,
}: {
  icon: typeof MailIcon;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex items-start gap-2">
      <dt className="flex items-center gap-2 text-muted-foreground">
        <Icon className="size-4" aria-hidden />
        <span className="sr-only sm:not-sr-only sm:w-20">{label}</span>
      </dt>
      <dd className="min-w-0 break-words">{children ?? <span className="text-muted-foreground">—</span>}</dd>
    </div>
  );
}
