import { useEffect, useRef } from "react";
import { brand } from "~/content/brand";
import { cx } from "~/lib/cx";

/** The logo from settings, or the default one when unset or when the configured image fails to load. */
export function Logo({ src, className }: { src: string | null; className?: string }) {
  const image = useRef<HTMLImageElement>(null);
  const showDefault = () => {
    if (image.current && !image.current.src.endsWith(brand.defaultLogo)) image.current.src = brand.defaultLogo;
  };
  // An error before hydration fires no React handler; check once hydrated.
  useEffect(() => {
    const current = image.current;
    if (current?.complete && current.naturalWidth === 0) showDefault();
  });
  return (
    <img
      ref={image}
      src={src ?? brand.defaultLogo}
      alt=""
      width={36}
      height={36}
      onError={showDefault}
      className={cx("size-9 rounded-md object-contain", className)}
    />
  );
}
