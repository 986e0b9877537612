/**
 * The frame of the booking pages: a narrow column with the page's heading. A visitor's name or e-mail
 * may be one long word: it breaks anywhere rather than widening the column past a phone's screen.
 */
export function BookingPage({ title, intro, children }: { title: string; intro?: string; children: React.ReactNode }) {
  return (
    <main className="mx-auto grid max-w-2xl gap-8 px-4 py-12 wrap-anywhere sm:py-16">
      <header className="grid gap-3">
        <h1 className="font-bold text-3xl tracking-tight">{title}</h1>
        {intro ? <p className="text-lg text-muted-foreground">{intro}</p> : null}
      </header>
      {children}
    </main>
  );
}

/** Label-value rows describing a booking or its visitor. */
export function BookingDetails({ rows }: { rows: [label: string, value: React.ReactNode][] }) {
  return (
    <dl
      data-slot="booking-details"
      className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-[auto_1fr] sm:gap-x-6"
    >
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-muted-foreground text-sm">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
