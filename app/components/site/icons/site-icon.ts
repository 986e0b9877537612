// Draws the icon modules that scripts/generate-site-icons.ts generates next to this file.
import { createElement, type SVGProps } from "react";
import { cx } from "~/lib/cx";

type IconNode = [string, Record<string, string>][];
export type SiteIcon = (props: SVGProps<SVGSVGElement>) => React.ReactElement;

/**
 * Draws lucide's icon data with a few lines instead of lucide-react's runtime, which every public page
 * would otherwise download. Decorative unless given an aria-label, as lucide's own icons are.
 */
export function siteIcon(node: IconNode): SiteIcon {
  // biome-ignore lint/correctness/noComponentHookFactories: called once per icon at module level, never during render.
  return function Icon({ className, ...props }: SVGProps<SVGSVGElement>) {
    return createElement(
      "svg",
      {
        xmlns: "http://www.w3.org/2000/svg",
        width: 24,
        height: 24,
        viewBox: "0 0 24 24",
        fill: "none",
        stroke: "currentColor",
        strokeWidth: 2,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        "aria-hidden": props["aria-label"] ? undefined : true,
        className: cx("lucide", className),
        ...props,
      },
      node.map(([tag, attrs], index) => createElement(tag, { ...attrs, key: index })),
    );
  };
}
