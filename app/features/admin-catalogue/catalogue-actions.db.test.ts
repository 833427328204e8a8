import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { ActionFailure } from "~/app/lib/field-issues";
import * as addProduct from "~/app/routes/dashboard/add-product";
import * as addSlide from "~/app/routes/dashboard/add-slide";
import * as allProducts from "~/app/routes/dashboard/all-products";
import * as manageSlider from "~/app/routes/dashboard/manage-slider";
import * as updateProduct from "~/app/routes/dashboard/update-product";
import * as updateSlide from "~/app/routes/dashboard/update-slide";
import { PRODUCT_CHANGED_MESSAGE, SLIDE_CHANGED_MESSAGE } from "~/core/schemas";
import type { AppContext } from "~/server/app-context";
import type { CatalogueChange } from "~/server/catalogue/events";
import { products, slides } from "~/server/db/schema";
import { mediaKeyFromUrl } from "~/server/media/storage";
import { setUserRole } from "~/server/services/users";
import { signUp, signUpAdmin } from "~/server/testing/accounts";
import { describeDb, openTestContext, TEST_DB } from "~/server/testing/test-context";
import { callLoader, postToAction } from "~/tests/support/page-action";

/**
 * The admin catalogue screens' actions (issue 21 item 2) against the real database: the product
 * and slide forms and the tables' Delete post to their route's action, which calls the same
 * service as the JSON API. A customer or a guest changes nothing.
 */
describeDb(`admin catalogue page actions (${TEST_DB})`, () => {
  let ctx: AppContext;
  let admin: string;
  let customer: string;
  const changes: CatalogueChange[] = [];

  const productForm = (name: string, extra: Record<string, string | string[]> = {}) => ({
    name,
    description: "Made in a page action test.",
    videoLink: "",
    category: "Kitchen Items",
    subCategory: "Dinner Set",
    productType: "New Arrivals",
    sizes: ["M", "L"],
    colors: ["Black"],
    originalPrice: "500",
    offerPrice: "450",
    ratings: "4.5",
    reviews: "3",
    ...extra,
  });
  const productNamed = async (name: string) =>
    (await ctx.db.select().from(products).where(eq(products.name, name)))[0];
  const slideTitled = async (title: string) =>
    (await ctx.db.select().from(slides).where(eq(slides.title, title)))[0];
  const storeImage = () => ctx.media.put(randomBytes(64), ".webp");
  const isStored = async (url: string) =>
    (await ctx.media.read(mediaKeyFromUrl(url) as string)) !== undefined;

  beforeAll(async () => {
    ctx = await openTestContext();
    ctx.catalogueEvents.subscribe((change) => changes.push(change));
    admin = (await signUpAdmin(ctx, { name: "Boss", email: "catalogue-boss@haat.test" })).cookie;
    customer = (await signUp(ctx, { name: "Rina", email: "catalogue-rina@haat.test" })).cookie;
  });
  afterAll(async () => ctx?.close());
  beforeEach(() => {
    changes.length = 0;
  });

  it("an admin adds a product through the form's action and returns to the table", async () => {
    const image = await storeImage();
    const answer = await postToAction(ctx, addProduct.action, {
      path: "/dashboard/addProduct",
      cookie: admin,
      form: productForm("Action Dinner Set", { images: [image] }),
    });
    expect(answer).toMatchObject({ status: 302, location: "/dashboard/allProducts" });
    const row = await productNamed("Action Dinner Set");
    expect(row).toMatchObject({
      category: "Kitchen Items",
      subCategory: "Dinner Set",
      sizes: ["M", "L"],
      colors: ["Black"],
      images: [image],
      originalPrice: 500,
      offerPrice: 450,
      reviews: 3,
      videoLink: null,
    });
    // The same service as the API: the caches hear of the new product.
    expect(changes).toEqual([{ kind: "product", id: row?.id }]);
  });

  it("takes prices, ratings, reviews and stock typed in Bengali digits (০–৯)", async () => {
    const answer = await postToAction(ctx, addProduct.action, {
      path: "/dashboard/addProduct",
      cookie: admin,
      form: productForm("Bengali Digits Set", {
        nameBn: "বাংলা অঙ্কের সেট",
        originalPrice: "১২৫০",
        offerPrice: "৯৯০",
        ratings: "৪.৫",
        reviews: "১০",
        trackStock: "on",
        "stock:M:Black": "৫",
        "stock:L:Black": "০",
      }),
    });
    expect(answer).toMatchObject({ status: 302, location: "/dashboard/allProducts" });
    expect(await productNamed("Bengali Digits Set")).toMatchObject({
      nameBn: "বাংলা অঙ্কের সেট",
      originalPrice: 1250,
      offerPrice: 990,
      ratings: 4.5,
      reviews: 10,
      trackStock: true,
    });
  });

  it("refused fields come back as field issues, and nothing is stored", async () => {
    const answer = await postToAction(ctx, addProduct.action, {
      path: "/dashboard/addProduct",
      cookie: admin,
      form: productForm("Offer Above Price", { offerPrice: "800", ratings: "6", category: "" }),
    });
    expect(answer.status).toBe(400);
    const failure = answer.data as ActionFailure;
    expect(failure).toMatchObject({ ok: false, code: "invalid" });
    const paths = failure.issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(["category", "ratings"]));
    expect(await productNamed("Offer Above Price")).toBeUndefined();

    const offer = await postToAction(ctx, addProduct.action, {
      path: "/dashboard/addProduct",
      cookie: admin,
      form: productForm("Offer Above Price", { offerPrice: "800" }),
    });
    expect((offer.data as ActionFailure).issues).toEqual([
      { path: "offerPrice", message: "Offer price cannot be more than the original price" },
    ]);
    expect(changes).toEqual([]);
  });

  it("a customer gets the 403 page and a guest the login page; nothing changes", async () => {
    const asCustomer = await postToAction(ctx, addProduct.action, {
      path: "/dashboard/addProduct",
      cookie: customer,
      form: productForm("Customer Product"),
    });
    expect(asCustomer).toMatchObject({ thrown: true, status: 403 });
    const asGuest = await postToAction(ctx, addProduct.action, {
      path: "/dashboard/addProduct",
      form: productForm("Guest Product"),
    });
    expect(asGuest).toMatchObject({ thrown: true, status: 302 });
    expect(asGuest.location).toMatch(/^\/authentication\/login\?redirectTo=/);
    // A guest without a sign-in cookie is only sent to sign in: nothing ended for them.
    expect(asGuest.location).not.toContain("notice=");
    expect(await productNamed("Customer Product")).toBeUndefined();
    expect(await productNamed("Guest Product")).toBeUndefined();

    const kept = await postToAction(ctx, addProduct.action, {
      path: "/dashboard/addProduct",
      cookie: admin,
      form: productForm("Kept Product"),
    });
    expect(kept.status).toBe(302);
    const id = (await productNamed("Kept Product"))?.id as string;
    for (const cookie of [customer, undefined]) {
      const update = await postToAction(ctx, updateProduct.action, {
        path: `/dashboard/update/${id}`,
        params: { id },
        cookie,
        form: productForm("Renamed By Someone"),
      });
      expect(update.thrown).toBe(true);
      const removal = await postToAction(ctx, allProducts.action, {
        path: "/dashboard/allProducts",
        cookie,
        form: { intent: "delete", id },
      });
      expect(removal.thrown).toBe(true);
    }
    expect((await productNamed("Kept Product"))?.id).toBe(id);
    expect(changes.filter((c) => c.id === id)).toHaveLength(1);
  });

  it("an admin whose role changed meanwhile is sent to sign in again and told why", async () => {
    const { id, cookie } = await signUpAdmin(ctx, {
      name: "Demoted",
      email: "catalogue-demoted@haat.test",
    });
    const boss = await signUpAdmin(ctx, { name: "Boss Two", email: "catalogue-boss2@haat.test" });
    // Another admin makes them a customer: every sign-in of theirs ends (decision 029).
    await setUserRole(ctx.db, { userId: boss.id, role: "admin" }, id, "customer");
    const answer = await postToAction(ctx, addProduct.action, {
      path: "/dashboard/addProduct",
      cookie,
      form: productForm("Demoted Product"),
    });
    expect(answer).toMatchObject({ thrown: true, status: 302 });
    expect(answer.location).toBe(
      "/authentication/login?redirectTo=%2Fdashboard%2FaddProduct&notice=session-ended",
    );
    expect(await productNamed("Demoted Product")).toBeUndefined();
  });

  it("an admin updates a product: every field from the form, dropped images removed", async () => {
    const [front, back] = [await storeImage(), await storeImage()];
    await postToAction(ctx, addProduct.action, {
      path: "/dashboard/addProduct",
      cookie: admin,
      form: productForm("Before Update", { images: [front, back], videoLink: "https://x.test/v" }),
    });
    const id = (await productNamed("Before Update"))?.id as string;
    const answer = await postToAction(ctx, updateProduct.action, {
      path: `/dashboard/update/${id}`,
      params: { id },
      cookie: admin,
      form: productForm("After Update", { images: [front], offerPrice: "", sizes: [] }),
    });
    expect(answer).toMatchObject({ status: 302, location: "/dashboard/allProducts" });
    expect(await productNamed("After Update")).toMatchObject({
      id,
      images: [front],
      offerPrice: null,
      sizes: [],
      videoLink: null,
    });
    expect(await isStored(back)).toBe(false);
    expect(await isStored(front)).toBe(true);

    const bad = await postToAction(ctx, updateProduct.action, {
      path: `/dashboard/update/${id}`,
      params: { id },
      cookie: admin,
      form: productForm("After Update", { originalPrice: "0" }),
    });
    expect(bad.status).toBe(400);
    expect((bad.data as ActionFailure).issues.map((i) => i.path)).toContain("originalPrice");

    const missing = await postToAction(ctx, updateProduct.action, {
      path: "/dashboard/update/no-such-product",
      params: { id: "no-such-product" },
      cookie: admin,
      form: productForm("Nowhere"),
    });
    expect(missing).toMatchObject({ status: 404, thrown: false, data: { code: "not_found" } });
  });

  it("two admins save the same product form: the later save from the older copy is refused", async () => {
    await postToAction(ctx, addProduct.action, {
      path: "/dashboard/addProduct",
      cookie: admin,
      form: productForm("Shared Form Set"),
    });
    const id = (await productNamed("Shared Form Set"))?.id as string;
    const second = (await signUpAdmin(ctx, { name: "Deputy", email: "catalogue-deputy@haat.test" }))
      .cookie;
    // Both open the update form: the loader hands each the same `updatedAt`.
    const opened = async (cookie: string) => {
      const page = await callLoader(ctx, updateProduct.loader, {
        path: `/dashboard/update/${id}`,
        params: { id },
        cookie,
      });
      return (page.data as { product: { updatedAt: string } }).product.updatedAt;
    };
    const [firstCopy, secondCopy] = [await opened(admin), await opened(second)];
    expect(firstCopy).toBe(secondCopy);

    const first = await postToAction(ctx, updateProduct.action, {
      path: `/dashboard/update/${id}`,
      params: { id },
      cookie: admin,
      form: productForm("Shared Form Set", { originalPrice: "650", updatedAt: firstCopy }),
    });
    expect(first).toMatchObject({ status: 302, location: "/dashboard/allProducts" });
    changes.length = 0;

    const late = await postToAction(ctx, updateProduct.action, {
      path: `/dashboard/update/${id}`,
      params: { id },
      cookie: second,
      form: productForm("Shared Form Set renamed", { updatedAt: secondCopy }),
    });
    expect(late).toMatchObject({
      status: 409,
      thrown: false,
      data: { ok: false, code: "conflict" },
    });
    expect((late.data as ActionFailure).issues).toEqual([
      { path: "updatedAt", message: PRODUCT_CHANGED_MESSAGE },
    ]);
    // The first admin's price stands and nothing of the refused save is stored or announced.
    expect(await productNamed("Shared Form Set")).toMatchObject({ id, originalPrice: 650 });
    expect(await productNamed("Shared Form Set renamed")).toBeUndefined();
    expect(changes).toEqual([]);

    // Reloaded, the form carries the new `updatedAt` and the save goes through.
    const reloaded = await opened(second);
    expect(reloaded).not.toBe(secondCopy);
    const retried = await postToAction(ctx, updateProduct.action, {
      path: `/dashboard/update/${id}`,
      params: { id },
      cookie: second,
      form: productForm("Shared Form Set renamed", { originalPrice: "650", updatedAt: reloaded }),
    });
    expect(retried).toMatchObject({ status: 302 });
    expect(await productNamed("Shared Form Set renamed")).toMatchObject({ originalPrice: 650 });
  });

  it("two admins save the same slide form: the later save from the older copy is refused", async () => {
    const [first, second, third] = [await storeImage(), await storeImage(), await storeImage()];
    await postToAction(ctx, addSlide.action, {
      path: "/dashboard/manageSlide/addSlide",
      cookie: admin,
      form: { image: first, title: "Shared Slide" },
    });
    const id = (await slideTitled("Shared Slide"))?.id as string;
    const page = await callLoader(ctx, updateSlide.loader, {
      path: `/dashboard/manageSlider/updateSlider/${id}`,
      params: { id },
      cookie: admin,
    });
    const copy = (page.data as { slide: { updatedAt: string } }).slide.updatedAt;
    const saved = await postToAction(ctx, updateSlide.action, {
      path: `/dashboard/manageSlider/updateSlider/${id}`,
      params: { id },
      cookie: admin,
      form: { image: second, title: "Shared Slide", updatedAt: copy },
    });
    expect(saved).toMatchObject({ status: 302 });
    const late = await postToAction(ctx, updateSlide.action, {
      path: `/dashboard/manageSlider/updateSlider/${id}`,
      params: { id },
      cookie: admin,
      form: { image: third, title: "Shared Slide overwritten", updatedAt: copy },
    });
    expect(late).toMatchObject({ status: 409, data: { code: "conflict" } });
    expect((late.data as ActionFailure).issues).toEqual([
      { path: "updatedAt", message: SLIDE_CHANGED_MESSAGE },
    ]);
    expect(await slideTitled("Shared Slide")).toMatchObject({ id, image: second });
    // The refused save's image is not the slide's: the stored one is still there.
    expect(await isStored(second)).toBe(true);
  });

  it("an admin deletes a product from the table; a second delete answers 404", async () => {
    const image = await storeImage();
    await postToAction(ctx, addProduct.action, {
      path: "/dashboard/addProduct",
      cookie: admin,
      form: productForm("To Delete", { images: [image] }),
    });
    const id = (await productNamed("To Delete"))?.id as string;
    const answer = await postToAction(ctx, allProducts.action, {
      path: "/dashboard/allProducts",
      cookie: admin,
      form: { intent: "delete", id },
    });
    expect(answer).toMatchObject({ status: 200, data: { ok: true, deleted: id } });
    expect(await productNamed("To Delete")).toBeUndefined();
    expect(await isStored(image)).toBe(false);
    const again = await postToAction(ctx, allProducts.action, {
      path: "/dashboard/allProducts",
      cookie: admin,
      form: { intent: "delete", id },
    });
    expect(again).toMatchObject({ status: 404, data: { ok: false, code: "not_found" } });
    const unknown = await postToAction(ctx, allProducts.action, {
      path: "/dashboard/allProducts",
      cookie: admin,
      form: { intent: "rename", id },
    });
    expect(unknown.status).toBe(400);
  });

  it("an admin adds, updates and deletes a slide; a customer cannot", async () => {
    const [first, second] = [await storeImage(), await storeImage()];
    const added = await postToAction(ctx, addSlide.action, {
      path: "/dashboard/manageSlide/addSlide",
      cookie: admin,
      form: { image: first, title: "Action Eid Sale", titleBn: "ঈদের সেল" },
    });
    expect(added).toMatchObject({ status: 302, location: "/dashboard/manageSlider" });
    // The Bengali title (the alt text on Bengali pages) is kept with it.
    expect(await slideTitled("Action Eid Sale")).toMatchObject({ titleBn: "ঈদের সেল" });
    const id = (await slideTitled("Action Eid Sale"))?.id as string;
    expect(changes).toEqual([{ kind: "slide", id }]);

    const noImage = await postToAction(ctx, addSlide.action, {
      path: "/dashboard/manageSlide/addSlide",
      cookie: admin,
      form: { image: "", title: "No image" },
    });
    expect(noImage.status).toBe(400);
    expect((noImage.data as ActionFailure).issues.map((i) => i.path)).toContain("image");

    const forbidden = await postToAction(ctx, updateSlide.action, {
      path: `/dashboard/manageSlider/updateSlider/${id}`,
      params: { id },
      cookie: customer,
      form: { image: second, title: "Customer's title" },
    });
    expect(forbidden).toMatchObject({ thrown: true, status: 403 });

    const updated = await postToAction(ctx, updateSlide.action, {
      path: `/dashboard/manageSlider/updateSlider/${id}`,
      params: { id },
      cookie: admin,
      form: { image: second, title: "Action Eid Sale renamed" },
    });
    expect(updated).toMatchObject({ status: 302, location: "/dashboard/manageSlider" });
    expect(await slideTitled("Action Eid Sale renamed")).toMatchObject({ id, image: second });
    expect(await isStored(first)).toBe(false);

    const customerDelete = await postToAction(ctx, manageSlider.action, {
      path: "/dashboard/manageSlider",
      cookie: customer,
      form: { intent: "delete", id },
    });
    expect(customerDelete).toMatchObject({ thrown: true, status: 403 });
    const deleted = await postToAction(ctx, manageSlider.action, {
      path: "/dashboard/manageSlider",
      cookie: admin,
      form: { intent: "delete", id },
    });
    expect(deleted).toMatchObject({ status: 200, data: { ok: true } });
    expect(await slideTitled("Action Eid Sale renamed")).toBeUndefined();
    const gone = await postToAction(ctx, manageSlider.action, {
      path: "/dashboard/manageSlider",
      cookie: admin,
      form: { intent: "delete", id },
    });
    expect(gone.status).toBe(404);
  });
});
