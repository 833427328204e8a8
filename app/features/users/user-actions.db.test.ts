import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ActionFailure } from "~/app/lib/field-issues";
import * as allUsers from "~/app/routes/dashboard/all-users";
import * as dashboardHome from "~/app/routes/dashboard/home";
import * as messages from "~/app/routes/dashboard/messages";
import type { AppContext } from "~/server/app-context";
import { contactMessages, session, user } from "~/server/db/schema";
import { createContactMessage } from "~/server/services/contact";
import { signUp, signUpAdmin } from "~/server/testing/accounts";
import { describeDb, openTestContext, TEST_DB } from "~/server/testing/test-context";
import { postToAction } from "~/tests/support/page-action";

/**
 * All Users, Messages and dashboard home's Delete account as route actions (issue 21 item 2),
 * against the real database: the same services as PUT /api/updateUser, DELETE /api/deleteUser
 * and PATCH /api/contactMessages, with their rules (admins only, the last admin stays).
 */
describeDb(`users, messages and account page actions (${TEST_DB})`, () => {
  let ctx: AppContext;

  const roleOf = async (id: string) =>
    (await ctx.db.select({ role: user.role }).from(user).where(eq(user.id, id)))[0]?.role;
  const exists = async (id: string) =>
    (await ctx.db.select({ id: user.id }).from(user).where(eq(user.id, id))).length === 1;
  const onUsers = (cookie: string | undefined, form: Record<string, string>) =>
    postToAction(ctx, allUsers.action, { path: "/dashboard/allUsers", cookie, form });

  beforeAll(async () => {
    ctx = await openTestContext();
  });
  afterAll(async () => ctx?.close());

  it("an admin promotes and demotes a customer; the last admin cannot be demoted", async () => {
    const boss = await signUpAdmin(ctx, { name: "Solo", email: "users-solo@haat.test" });
    const nadia = await signUp(ctx, { name: "Nadia", email: "users-nadia@haat.test" });

    const promoted = await onUsers(boss.cookie, { intent: "role", id: nadia.id, role: "admin" });
    expect(promoted).toMatchObject({ status: 200, data: { ok: true, user: { role: "admin" } } });
    expect(await roleOf(nadia.id)).toBe("admin");
    const demoted = await onUsers(boss.cookie, { intent: "role", id: nadia.id, role: "customer" });
    expect(demoted.data).toMatchObject({ ok: true });
    expect(await roleOf(nadia.id)).toBe("customer");

    const last = await onUsers(boss.cookie, { intent: "role", id: boss.id, role: "customer" });
    expect(last.status).toBe(409);
    expect((last.data as ActionFailure).message).toMatch(/^The last admin cannot be demoted/);
    expect(await roleOf(boss.id)).toBe("admin");

    const bad = await onUsers(boss.cookie, { intent: "role", id: nadia.id, role: "owner" });
    expect(bad.status).toBe(400);
    expect((bad.data as ActionFailure).issues).toEqual([
      { path: "role", message: "Role must be admin or customer" },
    ]);
    expect(await roleOf(nadia.id)).toBe("customer");

    // Once another admin exists, an admin who demotes themself leaves the admin pages.
    await onUsers(boss.cookie, { intent: "role", id: nadia.id, role: "admin" });
    const self = await onUsers(boss.cookie, { intent: "role", id: boss.id, role: "customer" });
    expect(self).toMatchObject({ status: 302, location: "/dashboard" });
    expect(await roleOf(boss.id)).toBe("customer");
  });

  it("a customer or a guest changes no role and deletes nobody", async () => {
    const rina = await signUp(ctx, { name: "Rina", email: "users-rina@haat.test" });
    const other = await signUp(ctx, { name: "Other", email: "users-other@haat.test" });
    for (const cookie of [rina.cookie, undefined]) {
      const role = await onUsers(cookie, { intent: "role", id: rina.id, role: "admin" });
      expect(role).toMatchObject({ thrown: true, status: cookie ? 403 : 302 });
      const removal = await onUsers(cookie, { intent: "delete", id: other.id });
      expect(removal.thrown).toBe(true);
    }
    expect(await roleOf(rina.id)).toBe("customer");
    expect(await exists(other.id)).toBe(true);
  });

  it("an admin deletes a user; deleting themself signs them out and goes home", async () => {
    const boss = await signUpAdmin(ctx, { name: "Boss", email: "users-boss@haat.test" });
    const second = await signUpAdmin(ctx, { name: "Second", email: "users-second@haat.test" });
    const leaving = await signUp(ctx, { name: "Leaving", email: "users-leaving@haat.test" });
    const deleted = await onUsers(boss.cookie, { intent: "delete", id: leaving.id });
    expect(deleted).toMatchObject({ status: 200, data: { ok: true, deleted: leaving.id } });
    expect(await exists(leaving.id)).toBe(false);
    const again = await onUsers(boss.cookie, { intent: "delete", id: leaving.id });
    expect(again).toMatchObject({ status: 404, data: { ok: false, code: "not_found" } });

    const self = await onUsers(second.cookie, { intent: "delete", id: second.id });
    expect(self).toMatchObject({ status: 302, location: "/" });
    expect(self.headers.getSetCookie().join("\n")).toMatch(/session_token=;.*Max-Age=0/i);
    expect(await exists(second.id)).toBe(false);
  });

  it("Delete account deletes the signed-in user's own account, clears the cookie, goes home", async () => {
    const me = await signUp(ctx, { name: "Me", email: "users-me@haat.test" });
    const answer = await postToAction(ctx, dashboardHome.action, {
      path: "/dashboard?index",
      cookie: me.cookie,
      form: { intent: "deleteAccount" },
    });
    expect(answer).toMatchObject({ status: 302, location: "/" });
    expect(answer.headers.getSetCookie().join("\n")).toMatch(/session_token=;.*Max-Age=0/i);
    expect(await exists(me.id)).toBe(false);
    expect(await ctx.db.select().from(session).where(eq(session.userId, me.id))).toEqual([]);

    const guest = await postToAction(ctx, dashboardHome.action, {
      path: "/dashboard?index",
      form: { intent: "deleteAccount" },
    });
    expect(guest).toMatchObject({ thrown: true, status: 302 });
  });

  it("the last admin's Delete account is refused with the service's reason", async () => {
    // Make this admin the only one: the earlier tests' admins step down first.
    await ctx.db.update(user).set({ role: "customer" }).where(eq(user.role, "admin"));
    const only = await signUpAdmin(ctx, { name: "Only", email: "users-only@haat.test" });
    const answer = await postToAction(ctx, dashboardHome.action, {
      path: "/dashboard?index",
      cookie: only.cookie,
      form: { intent: "deleteAccount" },
    });
    expect(answer.status).toBe(409);
    expect((answer.data as ActionFailure).message).toMatch(/^The last admin cannot be deleted/);
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(await exists(only.id)).toBe(true);
  });

  it("an admin marks a message read and unread; a customer cannot", async () => {
    const admin = await signUpAdmin(ctx, { name: "Reader", email: "users-reader@haat.test" });
    const customer = await signUp(ctx, { name: "Nosy", email: "users-nosy@haat.test" });
    const { insertedId: id } = await createContactMessage(ctx.db, {
      name: "Nasima",
      email: "nasima@example.com",
      phoneNumber: "01812345678",
      subject: "Delivery to Khulna",
      description: "Do you deliver to Khulna?",
    });
    const readAt = async () =>
      (await ctx.db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0]?.readAt;
    const mark = (cookie: string, read: string) =>
      postToAction(ctx, messages.action, {
        path: "/dashboard/messages",
        cookie,
        form: { id, read },
      });

    expect(await mark(customer.cookie, "true")).toMatchObject({ thrown: true, status: 403 });
    expect(await readAt()).toBeNull();
    expect(await mark(admin.cookie, "true")).toMatchObject({ status: 200, data: { ok: true } });
    expect(await readAt()).toBeInstanceOf(Date);
    await mark(admin.cookie, "false");
    expect(await readAt()).toBeNull();
    const missing = await postToAction(ctx, messages.action, {
      path: "/dashboard/messages",
      cookie: admin.cookie,
      form: { id: "no-such-message", read: "true" },
    });
    expect(missing).toMatchObject({ status: 404, data: { code: "not_found" } });
  });
});
