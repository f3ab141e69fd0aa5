import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { atRiskTable, toCsv, type AtRisk } from "@/lib/domain/analytics";
import type { LocalBackend } from "@/local-backend/server";
import { SEEDED, serviceClient, signedIn, startTestBackend, uniqueEmail } from "@/local-backend/tests/harness";
import { splitCsv } from "@/tests/support/csv";

/**
 * Issue 41: a student names themself straight through the REST API with their own token (not the
 * settings form), or holds a name from before the name rule, and the admin's «Скачать CSV» of
 * students at risk — the same function and table the export route uses — must not hand a
 * spreadsheet a cell that starts like a formula, whichever separator the spreadsheet splits at.
 */

let backend: LocalBackend;
const PASSWORD = "password123";

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

/** Names the name rule lets a student write that still begin like a formula. */
const ALLOWED = ["-Анна", "-- Глеб"];
/** Names the database refuses since the name rule (…1100), which a school may still hold from before it. */
const LEGACY = ["=2+3", "Анна,=2+3", "Борис\t=HYPERLINK(\"http://x\")", "@SUM(1)", "+7 999", "-1+1", 'Вера",=1+1'];

describe("the risk CSV with names students wrote themselves", () => {
  it("has no cell that starts with = + - @ or a tab, split at a comma, a semicolon or a tab", async () => {
    const service = serviceClient(backend);
    const { data: group } = await service.from("groups").insert({ name: `CSV ${Date.now()}` }).select("id").single();
    for (const name of [...ALLOWED, ...LEGACY]) {
      const email = uniqueEmail("csv");
      const { data, error } = await service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
      if (error) throw error;
      await service.from("group_members").insert({ group_id: group!.id, user_id: data.user.id });
      const { client } = await signedIn(backend, email, PASSWORD);
      const renamed = await client.from("profiles").update({ full_name: name }).eq("id", data.user.id).select("full_name");
      if (ALLOWED.includes(name)) {
        expect(renamed.data).toEqual([{ full_name: name }]);
        continue;
      }
      expect(renamed.error?.code).toBe("23514");
      // As a row written before the rule: the triggers that hold it are skipped for this one write.
      await backend.db.transaction(async (tx) => {
        await tx.exec("set local session_replication_role = replica");
        await tx.query("update public.profiles set full_name = $1 where id = $2", [name, data.user.id]);
      });
    }

    const { client: admin } = await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password);
    const { data: risk, error } = await admin.rpc("analytics_at_risk", { _group_id: group!.id, _limit: 100 });
    if (error) throw error;
    const csv = toCsv(atRiskTable(risk as unknown as AtRisk, new Date()));
    for (const separator of [",", ";", "\t"]) {
      const cells = splitCsv(csv.slice(1), separator).flat();
      expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell)), `split at ${JSON.stringify(separator)}`).toEqual([]);
    }
    const names = splitCsv(csv.slice(1), ";").slice(1).map((row) => row[0].replace(/^'/, ""));
    expect(names.sort()).toEqual([...ALLOWED, ...LEGACY].sort());
  });
});
