import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { CardList } from "~/components/admin/list-state";
import { PlanCard } from "~/components/admin/pricing/plan-card";
import { PlanDialog, type PlanEditing } from "~/components/admin/pricing/plan-dialog";
import { SectionCard } from "~/components/admin/pricing/section-card";
import { SectionDialog, type SectionEditing } from "~/components/admin/pricing/section-dialog";
import { useToastMessage } from "~/components/show-toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { getServices } from "~/http/context.server";
import { runIntent } from "~/http/intents.server";
import { loadListOrEmpty } from "~/http/list-loader.server";
import { listPricingContent } from "~/server/pricing/content.server";
import { listAllPlans } from "~/server/pricing/plans.server";
import type { Route } from "./+types/pricing";
import { pricingIntents } from "./pricing.server";

export function meta() {
  return [{ title: "Pricing Management | Admin" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const [plans, sections] = await Promise.all([
    loadListOrEmpty(context, "Failed to fetch pricing plans", async () => ({ plans: await listAllPlans(db) }), {
      plans: [],
    }),
    loadListOrEmpty(
      context,
      "Failed to fetch pricing content",
      async () => ({ sections: await listPricingContent(db) }),
      { sections: [] },
    ),
  ]);
  return { plans: plans.plans, sections: sections.sections, toasts: [plans.toast, sections.toast] };
}

export const action = (args: Route.ActionArgs) => runIntent(args, pricingIntents);

export default function PricingManagement({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  useToastMessage(loaderData.toasts[0]);
  useToastMessage(loaderData.toasts[1]);
  const { plans, sections } = loaderData;
  const [editingPlan, setEditingPlan] = useState<PlanEditing | null>(null);
  const [editingSection, setEditingSection] = useState<SectionEditing | null>(null);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="font-bold text-2xl">Pricing Management</h1>
        <Badge variant="secondary">Currency Detection: Auto</Badge>
        <Badge variant="outline">USD/INR Support</Badge>
      </div>
      <Tabs defaultValue="plans">
        <TabsList>
          <TabsTrigger value="plans">Pricing Plans</TabsTrigger>
          <TabsTrigger value="content">Content Sections</TabsTrigger>
        </TabsList>
        <TabsContent value="plans" className="space-y-4 pt-2">
          <div className="flex justify-end">
            <Button onClick={() => setEditingPlan({ plan: null, key: Date.now() })}>
              <PlusIcon /> Add Plan
            </Button>
          </div>
          <CardList
            items={plans}
            empty="No pricing plans yet. Add the first one."
            className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
          >
            {(plan) => <PlanCard plan={plan} onEdit={() => setEditingPlan({ plan, key: Date.now() })} />}
          </CardList>
        </TabsContent>
        <TabsContent value="content" className="space-y-4 pt-2">
          <CardList items={sections} empty="No content sections." className="grid gap-4 lg:grid-cols-2">
            {(section) => (
              <SectionCard section={section} onEdit={() => setEditingSection({ section, key: Date.now() })} />
            )}
          </CardList>
        </TabsContent>
      </Tabs>
      <PlanDialog editing={editingPlan} planCount={plans.length} onClose={() => setEditingPlan(null)} />
      <SectionDialog editing={editingSection} onClose={() => setEditingSection(null)} />
    </div>
  );
}
