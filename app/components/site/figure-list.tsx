export type Figure = { value: string; label: string };

/**
 * Figures as a description list: each label (dt) comes first for readers, its value (dd) is moved on
 * top by the classes.
 */
export function FigureList({
  figures,
  className,
  figureClassName,
  labelClassName,
  valueClassName,
}: {
  figures: readonly Figure[];
  className?: string;
  figureClassName?: string;
  labelClassName?: string;
  valueClassName?: string;
}) {
  return (
    <dl className={className}>
      {figures.map((figure) => (
        <div key={figure.label} className={figureClassName}>
          <dt className={labelClassName}>{figure.label}</dt>
          <dd className={valueClassName}>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
