export function NotFoundScreen() {
  return (
    <main
      data-slot="not-found"
      className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-24 text-center"
    >
      <title>404 - Page not found</title>
      <meta name="robots" content="noindex" />
      <h1 className="font-bold text-6xl text-primary">404</h1>
      <p className="text-muted-foreground text-xl">Oops! Page not found</p>
      <a className="text-primary underline underline-offset-4 hover:text-primary/80" href="/">
        Return to Home
      </a>
    </main>
  );
}
