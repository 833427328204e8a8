import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AppContext } from "../app-context";
import { orderLines, products } from "../db/schema";
import { AppError } from "../errors";
import { placeOrder } from "../services/orders";
import { createProduct, deleteProduct } from "../services/products";
import { orderBody, PRODUCT_BODY } from "../testing/api-fixtures";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { removeUnusedImages } from "./cleanup";
import { mediaKeyFromUrl } from "./storage";

/** Issue 20 item 9: an image an order line names is never removed. */
describeDb(`image cleanup and orders (${TEST_DB})`, () => {
  let ctx: AppContext;

  const storeImage = async () => ctx.media.put(randomBytes(64), ".webp");
  const isStored = async (url: string) =>
    (await ctx.media.read(mediaKeyFromUrl(url) as string)) !== undefined;

  beforeAll(async () => {
    ctx = await openTestContext();
  });
  afterAll(async () => ctx?.close());

  it("keeps an image an order line names, and removes one nothing names", async () => {
    const ordered = await storeImage();
    const unused = await storeImage();
    const product = await createProduct(ctx.db, { ...PRODUCT_BODY, images: [ordered] });
    await placeOrder(ctx.db, orderBody(product, "rahim@example.com") as never, {
      userId: null,
      freeDeliveryOver: 5000,
    });
    // The product lets go of the image; the order still shows it.
    await ctx.db.delete(products).where(eq(products.id, product._id));
    await removeUnusedImages(ctx.db, ctx.media, [ordered, unused]);
    expect(await isStored(ordered)).toBe(true);
    expect(await isStored(unused)).toBe(false);
  });

  it("keeps the image of an order placed while its product is deleted", async () => {
    const rounds = 40;
    let placed = 0;
    let kept = 0;
    for (let round = 0; round < rounds; round++) {
      const image = await storeImage();
      const product = await createProduct(ctx.db, { ...PRODUCT_BODY, images: [image] });
      const body = orderBody(product, `race${round}@example.com`);
      const [order] = await Promise.allSettled([
        placeOrder(ctx.db, body as never, { userId: null, freeDeliveryOver: 5000 }),
        deleteProduct(ctx, { role: "admin" }, product._id),
      ]);
      if (order.status === "rejected") {
        // Priced after the delete: "no longer available", nothing stored.
        expect(order.reason).toBeInstanceOf(AppError);
        expect(await isStored(image)).toBe(false);
        continue;
      }
      placed++;
      const [line] = await ctx.db
        .select({ imageUrl: orderLines.imageUrl })
        .from(orderLines)
        .where(eq(orderLines.orderId, order.value.insertedId));
      // Stored before the delete: the line names the picture and it is kept. Stored after the
      // delete had let go of it: the line has no picture rather than a removed one.
      if (line?.imageUrl) kept++;
      if (line?.imageUrl) {
        expect(line.imageUrl).toBe(image);
        expect(await isStored(image), `round ${round}`).toBe(true);
      } else {
        expect(line?.imageUrl).toBe("");
      }
    }
    // The races go every way; what matters is that no stored order names a removed image.
    console.log(
      `delete-while-ordering race: ${rounds} rounds, ${placed} orders stored (${kept} with their picture, kept; ${placed - kept} without), ${rounds - placed} refused as no longer available`,
    );
  });
});
