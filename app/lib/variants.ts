import { cx } from "./cx";

type VariantMap = Record<string, Record<string, string>>;
type VariantChoice<V extends VariantMap> = { [K in keyof V]?: keyof V[K] | null };

/**
 * cva's `variants` and `defaultVariants`, without the rest of cva: the public site pays for every
 * byte it loads. Its props type works with cva's `VariantProps`.
 */
export function variants<V extends VariantMap>(
  base: string,
  config: { variants: V; defaultVariants?: VariantChoice<V> },
) {
  return (props?: VariantChoice<V> & { className?: string; class?: string }) =>
    cx(
      base,
      Object.keys(config.variants).map((name) => {
        const choice = props?.[name] === undefined ? config.defaultVariants?.[name] : props[name];
        return choice == null ? undefined : config.variants[name]![choice as string];
      }),
      props?.class,
      props?.className,
    );
}
