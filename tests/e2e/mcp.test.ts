import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, it } from "vitest";
import { mcpTools } from "~/http/mcp/mcp-tools.server";
import type { Role } from "~/lib/roles";
import { apiKeyCreateSchema } from "~/lib/schemas/api-keys";
import { createApiKey } from "~/server/api-keys/api-keys.server";
import { listAuditEntries } from "~/server/audit/audit.server";
import { setStaffRole } from "~/server/users/staff-users.server";
import { insertLead } from "../support/admin-fixtures";
import { dialects } from "../support/databases";
import { runAppForBlock } from "../support/running-app";
import { addStaff } from "../support/staff";
import { replaceWorker, workerPids } from "../support/workers";

const cli = { id: null, email: "test" };

/**
 * The tools each key lists, as the role table says for the screens they stand for: the lead tools
 * and the call tools are sales' and admins' (deleting admins' only), the funnel everyone's. Every
 * tool must be here.
 */
const expectedTools: Record<string, readonly Role[]> = {
  search_leads: ["admin", "sales"],
  get_lead: ["admin", "sales"],
  add_note: ["admin", "sales"],
  set_follow_up: ["admin", "sales"],
  change_status: ["admin", "sales"],
  delete_lead: ["admin"],
  find_open_slots: ["admin", "sales"],
  book_call: ["admin", "sales"],
  move_call: ["admin", "sales"],
  merge_leads: ["admin", "sales"],
  summarise_funnel: ["admin", "sales", "editor"],
};

describe.each(dialects)("the MCP endpoint on two workers (%s)", (dialect) => {
  const running = runAppForBlock({ WEB_CONCURRENCY: "2", LOG_LEVEL: "info" }, { dialect });

  /** An SDK client of the official SDK on a key, over Streamable HTTP. */
  async function connect(key: string) {
    const client = new Client({ name: "test-assistant", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL(`${running.app.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    });
    await client.connect(transport);
    return client;
  }

  async function keyFor(role: Role, name: string, extra: Record<string, string> = {}) {
    const staff = await addStaff(running.db, `${name.replaceAll(" ", "-")}-${role}@agency.example`, role);
    const { key } = await createApiKey(running.db, staff.id, apiKeyCreateSchema.parse({ name, ...extra }), cli);
    return { key, userId: staff.id };
  }

  const names = (listed: { tools: { name: string }[] }) => listed.tools.map((tool) => tool.name).sort();

  it("lists each key the tools its owner's role, read-only flag and areas allow, with honest annotations", async () => {
    expect(Object.keys(expectedTools).sort()).toEqual(mcpTools.map((tool) => tool.name).sort());
    for (const role of ["admin", "sales", "editor"] as const) {
      const { key } = await keyFor(role, "assistant");
      const client = await connect(key);
      const listed = await client.listTools();
      const expected = Object.entries(expectedTools).flatMap(([tool, roles]) => (roles.includes(role) ? [tool] : []));
      expect(names(listed), role).toEqual(expected.sort());
      for (const tool of listed.tools) {
        const writes = !["search_leads", "get_lead", "find_open_slots", "summarise_funnel"].includes(tool.name);
        expect(tool.annotations?.readOnlyHint, tool.name).toBe(!writes);
        expect(tool.annotations?.destructiveHint, tool.name).toBe(["delete_lead", "merge_leads"].includes(tool.name));
      }
      await client.close();
    }
    const reader = await connect((await keyFor("admin", "reader", { readOnly: "on" })).key);
    expect(names(await reader.listTools())).toEqual([
      "find_open_slots",
      "get_lead",
      "search_leads",
      "summarise_funnel",
    ]);
    await reader.close();
    const analyst = await connect((await keyFor("sales", "analyst", { areas: "analytics" })).key);
    expect(names(await analyst.listTools())).toEqual(["summarise_funnel"]);
    await analyst.close();
  });

  it("calls tools as the key's owner, audited with the key's name, a delete only when confirmed, across both workers", async () => {
    const { db } = running;
    const sales = await keyFor("sales", "copilot");
    const leadId = await insertLead(db, { email: "pat@visitor.example", name: "Pat Spring", utmCampaign: "spring" });
    const client = await connect(sales.key);
    const found = await client.callTool({ name: "search_leads", arguments: { q: "pat spring" } });
    expect(found.isError).toBe(false);
    const page = JSON.parse((found.content as { text: string }[])[0]!.text);
    expect(page.data.map((lead: { id: string }) => lead.id)).toEqual([leadId]);

    const noted = await client.callTool({ name: "add_note", arguments: { leadId, body: "Wants a call Thursday" } });
    expect(noted.isError).toBe(false);
    const followUp = await client.callTool({
      name: "set_follow_up",
      arguments: { leadId, followUpAt: "2030-05-02T10:00", followUpNote: "Call Pat" },
    });
    expect(followUp.isError).toBe(false);
    const slots = await client.callTool({ name: "find_open_slots", arguments: { leadId } });
    expect(slots.isError).toBe(false);
    expect(JSON.parse((slots.content as { text: string }[])[0]!.text)).toEqual({ starts: [] });
    // Nobody has hours here: the booking is refused as the domain refuses it, and nothing is booked.
    const start = new Date(Math.ceil(Date.now() / 86_400_000 + 7) * 86_400_000 + 10 * 3_600_000).toISOString();
    const booked = await client.callTool({
      name: "book_call",
      arguments: { leadId, start, timeZone: "Europe/Berlin" },
    });
    expect(booked.isError).toBe(true);
    expect(JSON.parse((booked.content as { text: string }[])[0]!.text).error.code).toBe("CONFLICT");
    expect(await db.selectFrom("bookings").select("id").execute()).toEqual([]);
    // Merging removes leads: only with confirm, and then audited with the key's name.
    const twin = await insertLead(db, { email: "pat.work@visitor.example", name: "Pat S" });
    const unconfirmedMerge = await client.callTool({ name: "merge_leads", arguments: { leadId, mergedIds: [twin] } });
    expect((unconfirmedMerge.content as { text: string }[])[0]!.text).toContain("CONFIRMATION_REQUIRED");
    expect(await db.selectFrom("leads").select("id").where("id", "=", twin).execute()).toHaveLength(1);
    const merged = await client.callTool({
      name: "merge_leads",
      arguments: { leadId, mergedIds: [twin], confirm: true },
    });
    expect(merged.isError).toBe(false);
    expect(await db.selectFrom("leads").select("id").where("id", "=", twin).execute()).toHaveLength(0);
    const invalid = await client.callTool({ name: "change_status", arguments: { leadId, status: "won" } });
    expect(invalid.isError).toBe(true);
    expect(JSON.parse((invalid.content as { text: string }[])[0]!.text).error.fields.status).toBe(
      "Choose one of the five statuses.",
    );
    const audited = await listAuditEntries(db, { entityType: "lead" });
    expect(audited.filter((entry) => entry.entityId === leadId).map((entry) => entry.summary?.apiKey)).toEqual([
      "copilot",
      "copilot",
      "copilot",
    ]);

    // A sales key does not see delete; an admin's must confirm it.
    const refused = await client.callTool({ name: "delete_lead", arguments: { leadId, confirm: true } });
    expect(refused.isError).toBe(true);
    await client.close();
    const admin = await connect((await keyFor("admin", "ops")).key);
    const unconfirmed = await admin.callTool({ name: "delete_lead", arguments: { leadId } });
    expect(unconfirmed.isError).toBe(true);
    expect((unconfirmed.content as { text: string }[])[0]!.text).toContain("CONFIRMATION_REQUIRED");
    expect(await db.selectFrom("leads").select("id").where("id", "=", leadId).execute()).toHaveLength(1);
    const deleted = await admin.callTool({ name: "delete_lead", arguments: { leadId, confirm: true } });
    expect(deleted.isError).toBe(false);
    expect(await db.selectFrom("leads").select("id").where("id", "=", leadId).execute()).toHaveLength(0);
    await admin.close();

    // A role change narrows the key at once: the lead tools are gone from the next listing.
    await setStaffRole(db, sales.userId, "editor", cli);
    const narrowed = await connect(sales.key);
    expect(names(await narrowed.listTools())).toEqual(["summarise_funnel"]);
    await narrowed.close();

    // Stateless: the client keeps working after every worker it may have spoken to was replaced.
    const assistant = await connect((await keyFor("sales", "steady")).key);
    const original = workerPids(running.app);
    expect(original).toHaveLength(2);
    for (const pid of original) {
      await replaceWorker(running.app, pid);
      const answered = await assistant.callTool({ name: "summarise_funnel", arguments: { range: "7" } });
      expect(answered.isError).toBe(false);
    }
    expect(workerPids(running.app).filter((pid) => original.includes(pid))).toEqual([]);
    await assistant.close();

    const anonymous = await fetch(`${running.app.url}/mcp`, { method: "POST", body: "{}" });
    expect(anonymous.status).toBe(401);
  });
});
