import { Activity } from "~/components/site/icons/Activity";
import { Award } from "~/components/site/icons/Award";
import { BadgeCheck } from "~/components/site/icons/BadgeCheck";
import { Building2 } from "~/components/site/icons/Building2";
import { Calendar } from "~/components/site/icons/Calendar";
import { Car } from "~/components/site/icons/Car";
import { Clock } from "~/components/site/icons/Clock";
import { Cloud } from "~/components/site/icons/Cloud";
import { Database } from "~/components/site/icons/Database";
import { Eye } from "~/components/site/icons/Eye";
import { EyeOff } from "~/components/site/icons/EyeOff";
import { Funnel } from "~/components/site/icons/Funnel";
import { GitBranch } from "~/components/site/icons/GitBranch";
import { GraduationCap } from "~/components/site/icons/GraduationCap";
import { Handshake } from "~/components/site/icons/Handshake";
import { Layers } from "~/components/site/icons/Layers";
import { List } from "~/components/site/icons/List";
import { Mail } from "~/components/site/icons/Mail";
import { MapPin } from "~/components/site/icons/MapPin";
import { Package } from "~/components/site/icons/Package";
import { Phone } from "~/components/site/icons/Phone";
import { RefreshCw } from "~/components/site/icons/RefreshCw";
import { Repeat } from "~/components/site/icons/Repeat";
import { ShoppingCart } from "~/components/site/icons/ShoppingCart";
import type { SiteIcon } from "~/components/site/icons/site-icon";
import { Target } from "~/components/site/icons/Target";
import { TrendingUp } from "~/components/site/icons/TrendingUp";
import { Unplug } from "~/components/site/icons/Unplug";
import { Users } from "~/components/site/icons/Users";
import { UserX } from "~/components/site/icons/UserX";
import { Workflow } from "~/components/site/icons/Workflow";
import { Wrench } from "~/components/site/icons/Wrench";
import { Zap } from "~/components/site/icons/Zap";
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
