import { CreateUserCard } from "~/components/admin/users/create-user-card";
import { StaffTable } from "~/components/admin/users/staff-table";
import { useToastMessage } from "~/components/show-toast";
import { getServices } from "~/http/context.server";
import { runIntent } from "~/http/intents.server";
import { requireStaff } from "~/http/staff.server";
import { listStaffUsers } from "~/server/users/staff-users.server";
import type { Route } from "./+types/users";
import { userIntents } from "./users.server";

export function meta() {
  return [{ title: "Users | Admin" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  return { users: await listStaffUsers(getServices(context).db), currentUserId: staff.id };
}

export const action = (args: Route.ActionArgs) => runIntent(args, userIntents);

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { users, currentUserId } = loaderData;
  const creating = actionData?.intent === "create";
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-bold text-2xl">Users</h1>
        <p className="text-muted-foreground">Staff accounts, their roles and their access.</p>
      </div>
      <CreateUserCard
        fieldErrors={creating ? actionData.fieldErrors : {}}
        values={creating ? actionData.values : {}}
        created={creating && actionData.ok}
      />
      <StaffTable users={users} currentUserId={currentUserId} />
    </div>
  );
}
