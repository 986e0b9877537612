import { Disc, GridCard } from "./grid-card";

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
        <GridCard
          key={member.name}
          title={member.name}
          className="text-center"
          headerClassName="justify-items-center gap-3"
          visual={<Disc size="lg">{initialsOf(member.name)}</Disc>}
          subtitle={<p className="font-medium text-primary text-sm">{member.role}</p>}
        >
          <p className="text-muted-foreground text-sm">{member.bio}</p>
        </GridCard>
      ))}
    </ul>
  );
}
