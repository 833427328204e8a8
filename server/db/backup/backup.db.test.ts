import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { and, eq } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import postgres from "postgres";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppContext, createAppContext } from "~/server/app-context";
import { loadConfig } from "~/server/config";
import { createApi } from "~/server/http/api";
import { createContactMessage } from "~/server/services/contact";
import { changeOrderStatus } from "~/server/services/order-changes";
import { createProduct, type Product } from "~/server/services/products";
import { signUp, signUpAdmin } from "~/server/testing/accounts";
import { describeDb, openTestContext, TEST_DB } from "~/server/testing/test-context";
import { type Database, MIGRATIONS_DIR, openDatabase } from "../client";
import {
  courierAreas,
  messageTemplates,
  orderCalls,
  orderCodes,
  orderCouriers,
  orderLines,
  orderNotes,
  orders,
  phoneBlocks,
  phoneCourierChecks,
  products,
  slides,
  staffAlerts,
  verification,
} from "../schema";
import { BACKUP_LAST_LINE, writeBackup } from "./dump";
import { RestoreError, restoreBackup, TargetNotEmptyError } from "./restore";
import { inTransaction } from "./session";

const postgresUrl = process.env.TEST_DATABASE_URL;
const secret = randomBytes(32).toString("base64url");
const tricky = {
  quotes: `It's a "quoted" name; with a semicolon -- and no comment`,
  lines: "Line one\nLine two\r\n\ttabbed \\ backslash \\n not a newline \\' ''",
  bangla: "জামদানি শাড়ি — ঢাকাই তাঁত, দাম ১২০০ টাকা 🧵",
};

/** An empty database of one kind that the test can open (with or without migrating) and remove. */
type EmptyTarget = { open: (migrate: boolean) => Promise<Database>; remove: () => Promise<void> };

async function emptyTarget(kind: "pglite" | "postgres"): Promise<EmptyTarget> {
  if (kind === "pglite") {
    // In memory, so "reopening" keeps the one instance and runs the server's migrator on it.
    const database = await openDatabase({ kind: "pglite" }, { migrate: false });
    return {
      async open(migrate) {
        if (migrate) {
          await migratePglite(drizzlePglite(database.pglite as PGlite), {
            migrationsFolder: MIGRATIONS_DIR,
          });
        }
        return { ...database, close: async () => {} };
      },
      remove: () => database.close(),
    };
  }
  if (!postgresUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `haat_restore_${randomBytes(6).toString("hex")}`;
  const admin = postgres(postgresUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    open: (migrate) => openDatabase({ kind: "postgres", url: url.toString(), max: 2 }, { migrate }),
    async remove() {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * Everything a restore must bring back, read independently of the backup code: every row of
 * every table as PostgreSQL prints the whole row (all columns, timestamps to the microsecond),
 * the columns with their types and defaults, indexes, constraints and sequence positions.
 */
async function snapshot(database: Database) {
  return inTransaction(database, "snapshot", async (s) => {
    await s.run("SET LOCAL TimeZone = 'UTC'; SET LOCAL DateStyle = 'ISO, YMD'");
    const text = async (query: string) =>
      ((await s.rows(query)) as string[][]).map((r) => r.join(" | ")).sort();
    const tables = (await s.rows(`
      select table_schema || '.' || table_name, format('%I.%I', table_schema, table_name)
      from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE'`)) as string[][];
    const rows: Record<string, string[]> = {};
    for (const [name, qualified] of tables) {
      // Sorted here, not by ORDER BY: PGlite and PostgreSQL may collate text differently.
      rows[name as string] = await text(`select t::text from ${qualified} t`);
    }
    return {
      rows,
      columns: await text(`
        select table_schema, table_name, column_name, data_type, coalesce(column_default, ''),
               is_nullable, coalesce(identity_generation, '')
        from information_schema.columns where table_schema in ('public', 'drizzle')`),
      indexes: await text(
        "select schemaname, indexname, indexdef from pg_indexes where schemaname in ('public', 'drizzle')",
      ),
      // PostgreSQL 18 (PGlite) also lists NOT NULL as constraints; columns' is_nullable covers them.
      constraints: await text(`
        select n.nspname, c.conname, pg_get_constraintdef(c.oid)
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where n.nspname in ('public', 'drizzle') and c.contype <> 'n'`),
      sequences: await text(`
        select schemaname, sequencename, coalesce(last_value::text, ''), start_value::text
        from pg_sequences where schemaname in ('public', 'drizzle')`),
    };
  });
}

async function* inPieces(text: string, size: number): AsyncIterable<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function backupText(database: Database): Promise<string> {
  const parts: string[] = [];
  await writeBackup(database, async (text) => {
    parts.push(text);
  });
  return parts.join("");
}

const customer = {
  name: "রহিম উদ্দিন O'Brien",
  email: "rahim@example.com",
  mobileNumber: "01712345678",
  district: "ঢাকা",
  thana: "মিরপুর",
  address: `House 12, Road 3\nSection 10 "B" block`,
  comment: tricky.lines,
  addressType: "Home",
  deliveryArea: "Inside Dhaka",
  paymentSystem: "Cash On Delivery",
};

describeDb(`npm run backup / restore (${TEST_DB})`, () => {
  let ctx: AppContext;
  let source: Awaited<ReturnType<typeof snapshot>>;
  let dump: string;
  let customerCookie: string;
  let lastOrderNumber = 0;

  async function placeOrder(app: AppContext, lines: Product[], cookie?: string) {
    const body = {
      products: lines.map((p) => ({
        id: p._id,
        name: p.name,
        imageUrl: p.images[0] ?? "",
        color: p.colors[0] ?? "N/A",
        size: p.sizes[0] ?? "N/A",
        originalPrice: p.offerPrice ?? p.originalPrice,
        quantity: 1,
      })),
      customerData: customer,
    };
    const res = await createApi(app).request("/postOrder", {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    const answer = await res.json();
    expect(res.status, JSON.stringify(answer)).toBe(201);
    return answer as { insertedId: string; orderNumber: number };
  }

  beforeAll(async () => {
    // No job workers: a message sent between the snapshot and the backup would change a row.
    ctx = await openTestContext({ BETTER_AUTH_SECRET: secret }, { workers: false });
    const admin = await signUpAdmin(ctx, { name: "Shop Admin", email: "admin@example.com" });
    customerCookie = (await signUp(ctx, { name: tricky.bangla, email: "rahim@example.com" }))
      .cookie;
    await signUp(ctx, { name: tricky.quotes, email: "quotes@example.com" });
    const base = {
      category: "Women Items",
      subCategory: "Saree",
      productType: "New Arrivals",
      ratings: 4.5,
      reviews: 0,
    } as const;
    const saree = await createProduct(ctx.db, {
      ...base,
      name: tricky.bangla,
      description: tricky.lines,
      videoLink: "https://www.youtube.com/watch?v=a'b",
      sizes: ["M"],
      colors: ["Red"],
      images: ["/media/ab/abababababababababababababababab.webp"],
      // Raised to the integer column's limit once ordered (below): past the order cap.
      originalPrice: 10_000_000,
      offerPrice: 9_999_000,
      // Stock and its ledger (an identity column) travel too.
      trackStock: true,
      stock: [{ size: "M", color: "Red", quantity: 7 }],
    });
    // Array elements the form would not allow, but the array text format must quote and escape.
    await ctx.db
      .update(products)
      .set({
        sizes: ["M", `12" wide`, ""],
        colors: ["Red", "Red, with comma", "{braces}", "back\\slash", "NULL", tricky.bangla],
      })
      .where(eq(products.id, saree._id));
    const plain = await createProduct(
      ctx.db,
      {
        ...base,
        name: tricky.quotes,
        description: "",
        sizes: [],
        colors: [],
        images: [],
        originalPrice: 1,
        ratings: 0,
        reviews: 2_000_000_000,
      },
      new Date("2026-01-02T03:04:05.678Z"),
    );
    await ctx.db
      .insert(slides)
      .values({ id: "slide-1", image: "/media/x.webp", title: tricky.lines });
    await createContactMessage(ctx.db, {
      name: tricky.quotes,
      email: "karim@example.com",
      phoneNumber: "01812345678",
      subject: tricky.bangla,
      description: tricky.lines,
    });
    await ctx.db.insert(verification).values({
      id: "verification-1",
      identifier: "reset-password:token",
      value: tricky.quotes,
      // Microseconds: JavaScript dates stop at milliseconds, the backup must not.
      expiresAt: new Date("2030-01-01T00:00:00Z"),
    });
    await ctx.database.pglite?.exec(
      "update verification set expires_at = '2030-01-01 00:00:00.123456+00'",
    );
    await ctx.database.postgres?.unsafe(
      "update verification set expires_at = '2030-01-01 00:00:00.123456+00'",
    );
    const first = await placeOrder(ctx, [saree, plain], customerCookie);
    // Integers at their columns' limit, past what the schemas and the order cap let through:
    // the dump must carry them all the same.
    await ctx.db
      .update(products)
      .set({ originalPrice: 2_147_483_647, offerPrice: 2_147_483_000 })
      .where(eq(products.id, saree._id));
    await ctx.db
      .update(orderLines)
      .set({ unitPrice: 2_147_483_000 })
      .where(and(eq(orderLines.orderId, first.insertedId), eq(orderLines.productId, saree._id)));
    await ctx.db
      .update(orders)
      .set({ subTotal: 2_147_483_001, total: 2_147_483_001 })
      .where(eq(orders.id, first.insertedId));
    await placeOrder(ctx, [plain]);
    lastOrderNumber = (await placeOrder(ctx, [plain], customerCookie)).orderNumber;
    expect(lastOrderNumber).toBe(first.orderNumber + 2);
    await changeOrderStatus(
      ctx.db,
      {
        userId: admin.id,
        email: "admin@example.com",
        name: "Admin",
        role: "admin",
        emailVerified: true,
      },
      first.insertedId,
      "Confirmed",
    );
    // The courier and risk tables (decisions 051, 052), with Bengali text.
    await ctx.db.insert(orderCouriers).values({
      orderId: first.insertedId,
      courier: "steadfast",
      state: "booked",
      consignmentId: "1000001",
      trackingCode: "SF1",
      courierMessage: tricky.bangla,
    });
    await ctx.db.insert(courierAreas).values({
      courier: "redx",
      district: "ঢাকা",
      thana: "মিরপুর",
      areaId: 1,
      areaName: tricky.quotes,
      source: "admin",
    });
    await ctx.db.insert(phoneBlocks).values({ phone: "01911000111", reason: tricky.lines });
    await ctx.db
      .insert(phoneCourierChecks)
      .values({ phone: "01911000111", totalParcels: 3, delivered: 1, cancelled: 2 });
    // The confirmation call and internal notes (decision 057), with Bengali and quotes.
    await ctx.db.insert(orderCalls).values({
      id: "call-1",
      orderId: first.insertedId,
      outcome: "cancelled",
      reason: tricky.quotes,
      note: tricky.bangla,
    });
    await ctx.db
      .insert(orderNotes)
      .values({ id: "note-1", orderId: first.insertedId, text: tricky.lines });
    // A staff alert about a parcel (decision 078), with Bengali and quotes in its details.
    await ctx.db.insert(staffAlerts).values({
      id: "alert-1",
      kind: "delivered_after_cancel",
      orderId: first.insertedId,
      message: tricky.quotes,
      details: JSON.stringify({ courier: "steadfast", note: tricky.bangla }),
    });
    // A confirmation code for a risky order (decision 060).
    await ctx.db.insert(orderCodes).values({
      orderId: first.insertedId,
      codeHash: "9f2c4e",
      expiresAt: new Date("2030-01-01T00:00:00Z"),
      wrongTries: 1,
      sends: 2,
    });
    // An edited SMS template (decision 059).
    await ctx.db.insert(messageTemplates).values({
      event: "order_placed",
      language: "bn",
      template: `${tricky.bangla} {orderNumber} — ${tricky.quotes}`,
      updatedByUserId: admin.id,
    });
    source = await snapshot(ctx.database);
    dump = await backupText(ctx.database);
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it("is plain SQL a person can read: a header with the migration level and row counts, text as written", () => {
    expect(dump).toMatch(/^-- Haat backup\n/);
    expect(dump).toMatch(/^-- Migration level: \d{4}_\w+ \(\d+ migrations\)$/m);
    expect(dump).toContain("-- Rows: public.orders 3\n");
    expect(dump).toContain("-- Rows: public.user 3\n");
    expect(dump).toContain(tricky.bangla);
    expect(dump).toContain(tricky.lines.replaceAll("'", "''"));
    expect(dump.trimEnd().endsWith(`COMMIT;\n${BACKUP_LAST_LINE}`)).toBe(true);
    for (const table of Object.keys(source.rows)) {
      expect(source.rows[table]?.length, table).toBeGreaterThan(0);
    }
  });

  for (const kind of ["pglite", "postgres"] as const) {
    it.skipIf(kind === "postgres" && !postgresUrl)(
      `restores into an empty ${kind} database: every row, column, index and sequence, and the shop carries on`,
      async () => {
        const target = await emptyTarget(kind);
        try {
          const empty = await target.open(false);
          try {
            const summary = await restoreBackup(empty, inPieces(dump, 997));
            expect(summary.tables.find((t) => t.name === "public.orders")?.rows).toBe(3);
          } finally {
            await empty.close();
          }
          // Opening as the server does runs the migrator: it must find nothing left to apply.
          const restored = await target.open(true);
          const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-restored-"));
          const app = await createAppContext(
            loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, BETTER_AUTH_SECRET: secret }),
            restored,
            { workers: false },
          );
          try {
            expect(await snapshot(restored)).toEqual(source);
            // A customer signed in before the backup is still signed in, and can sign in again.
            const session = await app.auth.api.getSession({
              headers: new Headers({ cookie: customerCookie }),
            });
            expect(session?.user.email).toBe("rahim@example.com");
            const signIn = await app.auth.api.signInEmail({
              body: { email: "rahim@example.com", password: "a-long-test-password" },
            });
            expect(signIn.user.name).toBe(tricky.bangla);
            // The next order number continues after the last one, it does not start again.
            // The ৳1 product: the other one's restored price is past the order cap.
            const listed = await createApi(app).request("/products?limit=10");
            const product = ((await listed.json()) as { data: Product[] }).data.find(
              (p) => p.originalPrice === 1,
            );
            expect(product).toBeDefined();
            const next = await placeOrder(app, [product as Product], customerCookie);
            expect(next.orderNumber).toBe(lastOrderNumber + 1);
          } finally {
            await app.close();
            fs.rmSync(dataDir, { recursive: true, force: true });
          }
        } finally {
          await target.remove();
        }
      },
    );
  }

  it("refuses a database that already has tables, and changes nothing in it", async () => {
    await expect(restoreBackup(ctx.database, inPieces(dump, 65_536))).rejects.toThrow(
      TargetNotEmptyError,
    );
    expect(await snapshot(ctx.database)).toEqual(source);
  });

  it("restores nothing from a backup that is cut short or fails half-way", async () => {
    const cut = dump.slice(0, dump.lastIndexOf("COMMIT;"));
    const broken = dump.replace(
      /SELECT pg_catalog\.setval\('"public"\."orders_order_number_seq"', \d+/,
      'SELECT pg_catalog.setval(\'"public"."orders_order_number_seq"\', -5',
    );
    expect(broken).not.toBe(dump);
    const target = await emptyTarget(TEST_DB);
    try {
      const empty = await target.open(false);
      try {
        await expect(restoreBackup(empty, inPieces(cut, 65_536))).rejects.toThrow(/cut short/);
        await expect(restoreBackup(empty, inPieces(broken, 65_536))).rejects.toThrow(
          /The statement at line \d+ failed: .*setval/,
        );
        await expect(restoreBackup(empty, inPieces("SELECT 1;", 100))).rejects.toThrow(
          RestoreError,
        );
        // Every table the failed restores created is gone again: the database is still empty.
        const [[relations]] = (await inTransaction(empty, "snapshot", (s) =>
          s.rows(
            "select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'drizzle')",
          ),
        )) as [[number]];
        expect(relations).toBe(0);
      } finally {
        await empty.close();
      }
    } finally {
      await target.remove();
    }
  });
});
