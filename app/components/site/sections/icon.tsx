import {
  Activity,
  Award,
  BadgeCheck,
  Building2,
  Calendar,
  Car,
  Clock,
  Cloud,
  Database,
  Eye,
  EyeOff,
  Funnel,
  GitBranch,
  GraduationCap,
  Handshake,
  Layers,
  List,
  type LucideIcon,
  Mail,
  MapPin,
  Package,
  Phone,
  RefreshCw,
  Repeat,
  ShoppingCart,
  Target,
  TrendingUp,
  Unplug,
  Users,
  UserX,
  Workflow,
  Wrench,
  Zap,
} from "lucide-react";
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
} satisfies Record<string, LucideIcon>;

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
