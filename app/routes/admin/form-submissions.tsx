import { ArrowLeftIcon } from "lucide-react";
import { data, Link } from "react-router";
import { DateText } from "~/components/admin/date-text";
import { EmptyState, ListRegion } from "~/components/admin/list-state";
import { Pagination } from "~/components/admin/pagination";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { pageSchema } from "~/lib/schemas/forms";
import { requireStaff } from "~/server/auth/session.server";
import { getServices } from "~/server/context.server";
import { getForm, listFormSubmissions } from "~/server/forms/forms.server";
import type { Route } from "./+types/form-submissions";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Submissions for ${loaderData?.form.name ?? "a form"} | Admin` }];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireStaff(context);
  const { db } = getServices(context);
  const form = await getForm(db, params.formId);
  if (!form) throw data({ message: "No form with this id exists." }, { status: 404 });
  const { page } = pageSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const result = await listFormSubmissions(db, form.id, page);
  return {
    form: { id: form.id, name: form.name },
    ...result,
    // Pretty-printed once on the server: the page shows it as it is.
    submissions: result.submissions.map((submission) => ({
      ...submission,
      json: JSON.stringify(submission.data, null, 2),
    })),
  };
}

export default function FormSubmissions({ loaderData }: Route.ComponentProps) {
  const { form, submissions, page, pageCount, total } = loaderData;
  return (
    <div className="space-y-6">
      <Button asChild variant="outline" size="sm">
        <Link to="/admin/forms">
          <ArrowLeftIcon aria-hidden /> Back to Forms
        </Link>
      </Button>
      <h1 className="font-bold text-2xl">Submissions for {form.name}</h1>
      <ListRegion label={`Submissions for ${form.name}`}>
        {submissions.length === 0 ? (
          <EmptyState title="No submissions yet" hint="Submissions appear here as soon as the form is submitted." />
        ) : (
          <div className="grid gap-4">
            {submissions.map((submission) => (
              <Card key={submission.id} data-testid={`submission-${submission.shortId}`}>
                <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
                  <CardTitle asChild>
                    <h2 className="font-mono text-base">
                      <span className="sr-only">Submission </span>
                      {submission.shortId}
                    </h2>
                  </CardTitle>
                  <p className="text-muted-foreground text-sm">
                    <DateText iso={submission.createdAt} withTime />
                  </p>
                </CardHeader>
                <CardContent>
                  <pre className="max-h-96 overflow-auto rounded-md bg-muted p-3 text-xs">
                    <code>{submission.json}</code>
                  </pre>
                </CardContent>
              </Card>
            ))}
          </div>
        )}
      </ListRegion>
      <Pagination page={page} pageCount={pageCount} total={total} noun="submissions" />
    </div>
  );
}
