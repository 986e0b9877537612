import { Activity } from "~/components/site/icons/activity";
import { Award } from "~/components/site/icons/award";
import { BadgeCheck } from "~/components/site/icons/badge-check";
import { Building2 } from "~/components/site/icons/building-2";
import { Calendar } from "~/components/site/icons/calendar";
import { Car } from "~/components/site/icons/car";
import { Clock } from "~/components/site/icons/clock";
import { Cloud } from "~/components/site/icons/cloud";
import { Database } from "~/components/site/icons/database";
import { Eye } from "~/components/site/icons/eye";
import { EyeOff } from "~/components/site/icons/eye-off";
import { Funnel } from "~/components/site/icons/funnel";
import { GitBranch } from "~/components/site/icons/git-branch";
import { GraduationCap } from "~/components/site/icons/graduation-cap";
import { Handshake } from "~/components/site/icons/handshake";
import { Layers } from "~/components/site/icons/layers";
import { List } from "~/components/site/icons/list";
import { Mail } from "~/components/site/icons/mail";
import { MapPin } from "~/components/site/icons/map-pin";
import { Package } from "~/components/site/icons/package";
import { Phone } from "~/components/site/icons/phone";
import { RefreshCw } from "~/components/site/icons/refresh-cw";
import { Repeat } from "~/components/site/icons/repeat";
import { ShoppingCart } from "~/components/site/icons/shopping-cart";
import type { SiteIcon } from "~/components/site/icons/site-icon";
import { Target } from "~/components/site/icons/target";
import { TrendingUp } from "~/components/site/icons/trending-up";
import { Unplug } from "~/components/site/icons/unplug";
import { UserX } from "~/components/site/icons/user-x";
import { Users } from "~/components/site/icons/users";
import { Workflow } from "~/components/site/icons/workflow";
import { Wrench } from "~/components/site/icons/wrench";
import { Zap } from "~/components/site/icons/zap";
import { cx } from "~/lib/cx";

/** Icons that content modules may name. Add an entry here to make a new name available to the copy. */
const icons = {
  activity: Activity,
  award: Award,
  "badge-check": BadgeCheck,
  building: Building2,
  calendar: Calendar,
  car: Car,
  clock: Clock,
  cloud: Cloud,
  database: Database,
  eye: Eye,
  "eye-off": EyeOff,
  filter: Funnel,
  "git-branch": GitBranch,
  "graduation-cap": GraduationCap,
  handshake: Handshake,
  layers: Layers,
  list: List,
  mail: Mail,
  "map-pin": MapPin,
  package: Package,
  phone: Phone,
  "refresh-cw": RefreshCw,
  repeat: Repeat,
  "shopping-cart": ShoppingCart,
  target: Target,
  "trending-up": TrendingUp,
  unplug: Unplug,
  users: Users,
  "user-x": UserX,
  workflow: Workflow,
  wrench: Wrench,
  zap: Zap,
} satisfies Record<string, SiteIcon>;

export type IconName = keyof typeof icons;

/** A decorative icon named by content; hidden from assistive technology. */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  const Component = icons[name];
  return <Component aria-hidden="true" focusable="false" className={cx("size-5 shrink-0", className)} />;
}

/** An icon in a tinted rounded square, as used at the top of feature cards. */
export function IconTile({ name, className }: { name: IconName; className?: string }) {
  return (
    <span
      className={cx("inline-flex size-11 items-center justify-center rounded-lg bg-accent text-primary", className)}
    >
      <Icon name={name} />
    </span>
  );
}
