import { brand } from "~/content/brand";
import { cx } from "~/lib/cx";

/** The logo from settings, or the default one when unset or when the configured image fails to load (the logo island). */
export function Logo({ src, className }: { src: string | null; className?: string }) {
  return (
    <img
      src={src ?? brand.defaultLogo}
      alt=""
      width={36}
      height={36}
      data-island={src ? "logo" : undefined}
      data-fallback={src ? brand.defaultLogo : undefined}
      className={cx("size-9 rounded-md object-contain", className)}
    />
  );
}
