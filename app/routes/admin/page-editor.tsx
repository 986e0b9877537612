import { ArrowLeftIcon } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { Field } from "~/components/admin/field";
import { MarkdownEditor } from "~/components/admin/markdown-editor";
import { MetaDescriptionField } from "~/components/admin/meta-description-field";
import { SelectOptions } from "~/components/admin/select-options";
import { TitleSlugFields } from "~/components/admin/title-slug-fields";
import { useToastMessage } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { NativeSelect } from "~/components/ui/native-select";
import { getServices } from "~/http/context.server";
import { runIntent } from "~/http/intents.server";
import { PUBLISH_STATUSES, publishStatusLabels } from "~/lib/schemas/content";
import { findPage } from "~/server/content/pages.server";
import type { Route } from "./+types/page-editor";
import { pageEditorIntents } from "./page-editor.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.page ? "Edit Page" : "New Page"} | Admin` }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!params.id) return { page: null };
  const page = await findPage(getServices(context).db, params.id);
  if (!page) throw data(null, { status: 404 });
  return { page };
}

export const action = (args: Route.ActionArgs) =>
  runIntent(args, pageEditorIntents(args.params.id), { defaultIntent: "save" });

export default function PageEditor({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { page } = loaderData;
  const typed = actionData?.values ?? {};
  const errors = actionData?.fieldErrors ?? {};
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  return (
    <div className="space-y-6">
      <div>
        <Link to="/admin/pages" className="inline-flex items-center gap-1 text-primary text-sm hover:underline">
          <ArrowLeftIcon className="size-4" aria-hidden /> Back to pages
        </Link>
        <h1 className="mt-2 font-bold text-2xl">{page ? "Edit Page" : "New Page"}</h1>
      </div>
      <Card>
        <CardContent>
          <Form method="post" className="grid gap-5">
            <input type="hidden" name="intent" value="save" />
            <TitleSlugFields
              idPrefix="page"
              initial={{
                title: typed.title ?? page?.title ?? "",
                slug: typed.slug ?? page?.slug ?? "",
                slugEdited: Boolean(page) || typed.slug !== undefined,
              }}
              errors={errors}
              slugPrefix="/"
              slugHint="The page's address: lowercase letters, digits and hyphens."
            />
            <MetaDescriptionField
              id="page-meta-description"
              initial={typed.metaDescription ?? page?.metaDescription ?? ""}
              error={errors.metaDescription}
              hint="Shown by search engines under the title; 150–160 characters works best."
            />
            <MarkdownEditor id="page-content" initial={typed.content ?? page?.content ?? ""} error={errors.content} />
            <Field id="page-status" label="Status" error={errors.status} className="md:w-60">
              {(props) => (
                <NativeSelect {...props} name="status" defaultValue={typed.status ?? page?.status ?? "draft"}>
                  <SelectOptions values={PUBLISH_STATUSES} labels={publishStatusLabels} />
                </NativeSelect>
              )}
            </Field>
            <div className="flex gap-2">
              <Button type="submit" disabled={saving}>
                {saving ? "Saving..." : page ? "Update Page" : "Create Page"}
              </Button>
              <Button asChild variant="outline">
                <Link to="/admin/pages">Cancel</Link>
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
