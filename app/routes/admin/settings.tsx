import { useNavigation } from "react-router";
import { ApiKeysCard } from "~/components/admin/settings/api-keys-card";
import { ChangePasswordCard } from "~/components/admin/settings/change-password-card";
import { ProfileCard } from "~/components/admin/settings/profile-card";
import { SiteSections } from "~/components/admin/settings/site-sections";
import { TwoFactorCard } from "~/components/admin/settings/two-factor-card";
import { IntegrationsCard } from "~/components/admin/webhooks/integrations-card";
import { WorkspaceSettings } from "~/components/admin/workspace-settings";
import { useToastMessage } from "~/components/show-toast";
import { Badge } from "~/components/ui/badge";
import { getServices } from "~/http/context.server";
import { runIntent } from "~/http/intents.server";
import { loadListOrEmpty } from "~/http/list-loader.server";
import { requireStaff } from "~/http/staff.server";
import { canAccess } from "~/lib/roles";
import { loadWorkspaceSettings } from "~/server/workspace/workspace-settings.server";
import type { Route } from "./+types/settings";
import { loadApiKeys, loadVisibleSiteSettings, settingsIntents } from "./settings.server";

export function meta() {
  return [{ title: "Settings | Admin" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  const { db } = getServices(context);
  // Profile, password and two-factor stay usable when the site's settings cannot be read.
  const { site, workspace, apiKeys, toast } = await loadListOrEmpty(
    context,
    "Failed to fetch site settings",
    async () => {
      const [site, workspace, apiKeys] = await Promise.all([
        loadVisibleSiteSettings(db, staff.role),
        loadWorkspaceSettings(db, staff),
        loadApiKeys(db, staff),
      ]);
      return { site, workspace, apiKeys };
    },
    { site: null, workspace: null, apiKeys: null },
  );
  return {
    name: staff.name,
    email: staff.email,
    role: staff.role,
    twoFactorEnabled: staff.twoFactorEnabled,
    site,
    workspace,
    apiKeys,
    toast,
  };
}

export const action = (args: Route.ActionArgs) => runIntent(args, settingsIntents);

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  useToastMessage(loaderData.toast);
  const navigation = useNavigation();
  const busyWith = navigation.state === "submitting" ? String(navigation.formData?.get("intent")) : null;
  const fieldErrors = actionData?.fieldErrors ?? {};
  const savedIntent = actionData?.ok ? actionData.intent : null;
  const payload = actionData?.payload;
  return (
    <div className="space-y-6">
      <div className="flex items-center gap-3">
        <h1 className="font-bold text-2xl">Settings</h1>
        <Badge variant="secondary">Admin Panel</Badge>
      </div>
      <ProfileCard name={loaderData.name} email={loaderData.email} role={loaderData.role} error={fieldErrors.name} />
      {loaderData.workspace ? (
        <WorkspaceSettings settings={loaderData.workspace} admin={loaderData.role === "admin"} />
      ) : null}
      <ChangePasswordCard
        fieldErrors={fieldErrors}
        changed={savedIntent === "change-password"}
        busy={busyWith === "change-password"}
      />
      <TwoFactorCard
        enabled={loaderData.twoFactorEnabled}
        enrolment={payload && "enrolment" in payload ? payload.enrolment : undefined}
        fieldErrors={fieldErrors}
        busyWith={busyWith}
      />
      {loaderData.site ? (
        <SiteSections
          site={loaderData.site}
          fieldErrors={fieldErrors}
          typed={actionData?.values ?? {}}
          busyWith={busyWith}
          savedIntent={savedIntent}
        />
      ) : null}
      {loaderData.apiKeys ? (
        <ApiKeysCard
          own={loaderData.apiKeys.own}
          others={loaderData.apiKeys.others}
          created={payload && "apiKey" in payload ? payload.apiKey : undefined}
          fieldErrors={fieldErrors}
          busy={busyWith === "create-api-key"}
        />
      ) : null}
      {canAccess(loaderData.role, "/admin/webhooks") ? <IntegrationsCard /> : null}
    </div>
  );
}
