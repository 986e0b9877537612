/**
 * Class joining for the public site. Unlike `cn` it does not resolve Tailwind conflicts (that costs
 * visitors ~8 kB of tailwind-merge), so site components never pass a class that fights a base class.
 */
export { clsx as cx } from "clsx";
