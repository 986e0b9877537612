import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { PostCard } from "~/components/admin/blog/post-card";
import { PostDialog, type PostEditing } from "~/components/admin/blog/post-dialog";
import { ListFilters } from "~/components/admin/list-filters";
import { CardList, useListLoading } from "~/components/admin/list-state";
import { useToastMessage } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
import { getServices } from "~/http/context.server";
import { runIntent } from "~/http/intents.server";
import { loadListOrEmpty } from "~/http/list-loader.server";
import { readListFilters, statusFilterOptions } from "~/lib/schemas/content";
import { listPostCategories, listPosts } from "~/server/content/blog.server";
import type { Route } from "./+types/blog";
import { blogIntents } from "./blog.server";

export function meta() {
  return [{ title: "Blog Management | Admin" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const url = new URL(request.url);
  const filters = { ...readListFilters(url), category: (url.searchParams.get("category") ?? "").slice(0, 60) };
  const list = await loadListOrEmpty(
    context,
    "Failed to fetch blog posts",
    async () => {
      const [posts, categories] = await Promise.all([
        listPosts(db, { ...filters, category: filters.category || undefined }),
        listPostCategories(db),
      ]);
      return { posts, categories };
    },
    { posts: [], categories: [] },
  );
  return { filters, ...list };
}

export const action = (args: Route.ActionArgs) => runIntent(args, blogIntents);

export default function BlogManagement({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  useToastMessage(loaderData.toast);
  const { posts, categories, filters } = loaderData;
  const loading = useListLoading({ afterChanges: false });
  const [editing, setEditing] = useState<PostEditing | null>(null);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="font-bold text-2xl">Blog Management</h1>
          <p className="text-muted-foreground">Write, publish and retire the posts of the public blog.</p>
        </div>
        <Button onClick={() => setEditing({ post: null, key: Date.now() })}>
          <PlusIcon /> New Post
        </Button>
      </div>
      <ListFilters
        searchPlaceholder="Search posts..."
        search={filters.search}
        selects={[
          { name: "status", label: "Status", value: filters.status ?? "", options: statusFilterOptions },
          {
            name: "category",
            label: "Category",
            value: filters.category,
            options: [
              { value: "", label: "All Categories" },
              ...categories.map((category) => ({ value: category, label: category })),
            ],
          },
        ]}
      />
      <CardList items={posts} empty="No blog posts found matching your criteria" loading={loading}>
        {(post) => <PostCard post={post} onEdit={() => setEditing({ post, key: Date.now() })} />}
      </CardList>
      <PostDialog editing={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
