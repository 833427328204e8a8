import { createRoute, z } from "@hono/zod-openapi";
import { IMAGE_KINDS, type ImageKind, MAX_IMAGE_BYTES } from "~/core/media";
import { AppError } from "../errors";
import { prepareUploadedImage, storePreparedImage } from "../media/pipeline";
import { bodyLimit } from "./body-limit";
import { requireAdmin } from "./caller";
import { createRouter } from "./router";
import { errorResponses } from "./schemas";

/** Room for the multipart boundaries and the `kind` field around the largest allowed file. */
const MAX_UPLOAD_BODY_BYTES = MAX_IMAGE_BYTES + 64 * 1024;
const tooLarge = `The image is too large: at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`;

const uploadRoute = createRoute({
  method: "post",
  path: "/images",
  tags: ["Images"],
  summary: "Upload a product or slide image (admin)",
  description:
    "Accepts a JPEG, PNG, WebP, AVIF or GIF (first frame) of at most 8 MB and 50 megapixels, " +
    "checked by its content. Stores it upright, without metadata, as WebP cropped to 450x450 " +
    "(product) or 900x450 (slide), with the smaller copies for srcset.",
  request: {
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: z.object({
            image: z
              .instanceof(File, { message: "Choose an image file" })
              .openapi({ type: "string", format: "binary" }),
            kind: z
              .enum(Object.keys(IMAGE_KINDS) as [ImageKind, ...ImageKind[]])
              .default("product")
              .openapi({ description: "product: 450x450, slide: 900x450" }),
          }),
        },
      },
    },
  },
  responses: {
    201: {
      description: "The stored image",
      content: {
        "application/json": {
          schema: z.object({
            data: z.object({
              url: z
                .string()
                .openapi({ example: "/media/ab/0123456789abcdef0123456789abcdef.webp" }),
            }),
          }),
        },
      },
    },
    ...errorResponses(400, 401, 403, 413),
  },
});

export const imagesApi = createRouter();

// Who may upload is settled before a byte of the body is read; then the body is cut off at the
// limit while it streams in, so an oversized upload is never buffered whole.
imagesApi.use(
  "/images",
  async (c, next) => {
    if (c.req.method === "POST") await requireAdmin(c);
    await next();
  },
  bodyLimit(MAX_UPLOAD_BODY_BYTES, tooLarge),
);

imagesApi.openapi(uploadRoute, async (c) => {
  const { image, kind } = c.req.valid("form");
  if (image.size > MAX_IMAGE_BYTES) {
    throw new AppError("payload_too_large", tooLarge, [{ path: "image", message: tooLarge }]);
  }
  const prepared = await prepareUploadedImage(new Uint8Array(await image.arrayBuffer()), kind);
  const url = await storePreparedImage(c.var.app.media, prepared);
  return c.json({ data: { url } }, 201);
});
