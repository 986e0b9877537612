import { cx } from "~/lib/cx";

/** The estimator's own native controls: card-like radio and checkbox choices, and a labelled slider. */

const choiceCard =
  "flex cursor-pointer items-center gap-3 rounded-lg border bg-background p-3 text-sm transition-colors hover:bg-accent has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50";

type ChoiceProps = {
  legend: string;
  name: string;
  options: readonly string[];
  labels: Record<string, string>;
  required?: boolean;
  error?: string;
  hint?: string;
  columns?: 2 | 3;
};

/** A question's options as cards in a fieldset: its legend, an optional hint, and its error. */
function ChoiceFieldset({
  legend,
  name,
  options,
  labels,
  required,
  error,
  hint,
  columns = 2,
  type,
  isChecked,
  onToggle,
}: ChoiceProps & {
  type: "radio" | "checkbox";
  isChecked: (option: string) => boolean;
  onToggle: (option: string, checked: boolean) => void;
}) {
  const describedBy = [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(" ");
  return (
    <fieldset
      className="grid gap-3"
      aria-describedby={describedBy || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-3 font-medium text-sm">
        {legend}
        {required ? <span aria-hidden> *</span> : null}
      </legend>
      {hint ? (
        <p id={`${name}-hint`} className="-mt-2 text-muted-foreground text-sm">
          {hint}
        </p>
      ) : null}
      <div className={cx("grid gap-3", columns === 3 ? "sm:grid-cols-2 lg:grid-cols-3" : "sm:grid-cols-2")}>
        {options.map((option) => (
          <label key={option} className={choiceCard}>
            <input
              type={type}
              name={name}
              value={option}
              checked={isChecked(option)}
              onChange={(event) => onToggle(option, event.currentTarget.checked)}
              className="size-4 shrink-0 accent-primary"
            />
            {labels[option] ?? option}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${name}-error`} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function RadioChoices({
  value,
  onChange,
  ...props
}: ChoiceProps & { value: string; onChange: (value: string) => void }) {
  return <ChoiceFieldset {...props} type="radio" isChecked={(option) => option === value} onToggle={onChange} />;
}

export function CheckboxChoices({
  values,
  onChange,
  ...props
}: ChoiceProps & { values: string[]; onChange: (values: string[]) => void }) {
  return (
    <ChoiceFieldset
      {...props}
      type="checkbox"
      isChecked={(option) => values.includes(option)}
      onToggle={(option, checked) =>
        onChange(
          checked
            ? props.options.filter((each) => each === option || values.includes(each))
            : values.filter((each) => each !== option),
        )
      }
    />
  );
}

export function SliderField({
  id,
  label,
  name,
  min,
  max,
  step,
  value,
  onChange,
  format,
  error,
}: {
  id: string;
  label: string;
  name: string;
  min: number;
  max: number;
  step: number;
  value: number;
  onChange: (value: number) => void;
  format: (value: number) => string;
  error?: string;
}) {
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <label htmlFor={id} className="font-medium text-sm">
          {label}
        </label>
        <output htmlFor={id} className="font-semibold text-lg text-primary">
          {format(value)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        name={name}
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={format(value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
        className="h-2 w-full cursor-pointer accent-primary"
      />
      <div className="flex justify-between text-muted-foreground text-xs">
        <span>{format(min)}</span>
        <span>{format(max)}</span>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
