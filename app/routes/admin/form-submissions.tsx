import { DateText } from "~/components/admin/date-text";
import { FormItemsPage } from "~/components/admin/form-items-page";
import { useToastMessage } from "~/components/show-toast";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { loadListOrEmpty } from "~/http/list-loader.server";
import { listFormSubmissions } from "~/server/forms/forms.server";
import type { Route } from "./+types/form-submissions";
import { requireFormPage } from "./form-items.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Submissions for ${loaderData?.form.name ?? "a form"} | Admin` }];
}

export async function loader(args: Route.LoaderArgs) {
  const { db, form, page } = await requireFormPage(args);
  const result = await loadListOrEmpty(
    args.context,
    "Failed to fetch form submissions",
    () => listFormSubmissions(db, form.id, page),
    { submissions: [], total: 0, page: 1, pageCount: 1 },
  );
  return {
    form,
    ...result,
    // Pretty-printed once on the server: the page shows it as it is.
    submissions: result.submissions.map((submission) => ({
      ...submission,
      json: JSON.stringify(submission.data, null, 2),
    })),
  };
}

export default function FormSubmissions({ loaderData }: Route.ComponentProps) {
  useToastMessage(loaderData.toast);
  const { form, submissions } = loaderData;
  return (
    <FormItemsPage kind="submissions" formName={form.name} items={submissions} paging={loaderData}>
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
    </FormItemsPage>
  );
}
