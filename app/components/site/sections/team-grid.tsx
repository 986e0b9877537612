import { SiteCard, SiteCardContent, SiteCardHeader } from "~/components/site/site-card";

export type TeamMemberItem = { name: string; role: string; bio: string };

/** First letters of the first and last name, e.g. "Arjun Mehta" -> "AM". */
export function initialsOf(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? "";
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? "") : "";
  return `${first}${last}`.toUpperCase();
}

/** Team members with initials avatars (no photos), an h3 name, role and short bio. */
export function TeamGrid({ members }: { members: readonly TeamMemberItem[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {members.map((member) => (
        <li key={member.name} className="flex">
          <SiteCard className="w-full gap-4 text-center">
            <SiteCardHeader className="justify-items-center gap-3">
              <span
                aria-hidden="true"
                className="flex size-20 items-center justify-center rounded-full bg-primary font-semibold text-2xl text-primary-foreground"
              >
                {initialsOf(member.name)}
              </span>
              <h3 className="font-semibold text-lg leading-snug">{member.name}</h3>
              <p className="font-medium text-primary text-sm">{member.role}</p>
            </SiteCardHeader>
            <SiteCardContent>
              <p className="text-muted-foreground text-sm">{member.bio}</p>
            </SiteCardContent>
          </SiteCard>
        </li>
      ))}
    </ul>
  );
}
