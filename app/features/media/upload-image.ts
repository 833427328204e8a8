import { readApiToken } from "../account/auth-client";

/** Which pipeline an upload goes through: product images are square 450 px, slides 900x450. */
export type ImageKind = "product" | "slide";

export class ImageUploadError extends Error {
  override name = "ImageUploadError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * Uploads one image to `POST /api/images` (multipart: field `image`, and `kind`) and resolves
 * with the stored image's URL (`data.url`). XMLHttpRequest rather than fetch, because only it
 * reports upload progress (`onProgress` gets 0..1). A 401 or 403 signs the user out and goes to
 * the login page, as every authenticated call does (spec §8).
 */
export function uploadImage(
  file: File,
  kind: ImageKind,
  onProgress?: (fraction: number) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/images");
    xhr.withCredentials = true;
    const token = readApiToken();
    if (token) xhr.setRequestHeader("authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ImageUploadError("The image could not be uploaded", 0));
    xhr.onload = () => {
      let body: { data?: { url?: unknown }; error?: { message?: string } } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      // Spec §8: a 401 or 403 sends the user to sign in again (the session has ended or the
      // role changed; either way the server has already let go of the old sign-in).
      if (xhr.status === 401 || xhr.status === 403) window.location.assign("/authentication/login");
      const url = body?.data?.url;
      if (xhr.status >= 200 && xhr.status < 300 && typeof url === "string") {
        onProgress?.(1);
        resolve(url);
      } else {
        reject(
          new ImageUploadError(
            body?.error?.message ?? "The image could not be uploaded",
            xhr.status,
          ),
        );
      }
    };
    const form = new FormData();
    form.append("kind", kind);
    form.append("image", file);
    xhr.send(form);
  });
}
